import { z } from "zod";
import { siteDefaults } from "~/config/site-env.server";
import { emptyLeadSource, type LeadSourceInput, leadSourceMaxLength } from "~/lib/lead-source";
import { pageLabel } from "~/lib/page-label";
import { database } from "../db/database.server";
import { cleanLine } from "../forms/clean-text.server";

// Where a quote request came from, without cookies (docs/decisions/0032). /contato is served
// through the render cache, so the source is a render slot: the HTTP layer fills the form's
// hidden field in each response from that response's own request. The browser's Referer on
// GET /contato is the page the visitor was on (whole, query included: same-origin under our
// Referrer-Policy), so a click from /blog/um-post?utm_source=… carries the post and the tags;
// tags on /contato's own address win; an external Referer names the site that sent them.
// Tracking is best effort: what does not fit is dropped or cut, and never costs the request.

const UTM_KEYS = { utmSource: "utm_source", utmMedium: "utm_medium", utmCampaign: "utm_campaign" } as const;
const PAGE_KEY = "page";
const REFERRER_KEY = "ref";

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
const PATH = /^\/(?!\/)[\p{L}\p{N}\-._~/%]*$/u;

/** An http(s) address, or null (javascript:, data:, garbage). */
function httpUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const utm = z
  .string()
  .transform((v) => cleanLine(v).slice(0, leadSourceMaxLength.utm))
  .transform((v) => v || null);

/** Each part checked on its own: a bad one is dropped, the others kept. */
const partSchemas = {
  page: z
    .string()
    .max(leadSourceMaxLength.page)
    .regex(PATH)
    .transform((v) => pageLabel(v.length > 1 ? v.replace(/\/+$/, "") : v)),
  referrerHost: z.string().max(leadSourceMaxLength.referrerHost).toLowerCase().regex(HOST),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
};

/** One part of a source checked on its own: cleaned, or null when it does not fit. */
export function sourcePart<K extends keyof typeof partSchemas>(key: K, value: string | null): string | null {
  if (value === null) return null;
  const parsed = partSchemas[key].safeParse(value);
  return parsed.success ? (parsed.data ?? null) : null;
}

/** The source in the hidden field's text (a query string), read leniently. */
export function parseLeadSource(field: string): LeadSourceInput {
  if (!field) return { ...emptyLeadSource };
  const params = new URLSearchParams(field.slice(0, leadSourceMaxLength.field));
  return {
    page: sourcePart("page", params.get(PAGE_KEY)),
    referrerHost: sourcePart("referrerHost", params.get(REFERRER_KEY)),
    utmSource: sourcePart("utmSource", params.get(UTM_KEYS.utmSource)),
    utmMedium: sourcePart("utmMedium", params.get(UTM_KEYS.utmMedium)),
    utmCampaign: sourcePart("utmCampaign", params.get(UTM_KEYS.utmCampaign)),
  };
}

/** The hidden field's text for a source (only its known parts). */
export function encodeLeadSource(source: LeadSourceInput): string {
  const params = new URLSearchParams();
  if (source.page) params.set(PAGE_KEY, source.page);
  if (source.referrerHost) params.set(REFERRER_KEY, source.referrerHost);
  for (const [key, name] of Object.entries(UTM_KEYS) as Array<[keyof typeof UTM_KEYS, string]>) {
    const value = source[key];
    if (value) params.set(name, value);
  }
  return params.toString();
}

const hasUtm = (params: URLSearchParams) => Object.values(UTM_KEYS).some((name) => params.has(name));

/** What the request for the form's page says about where the visitor came from. */
export function leadSourceOfRequest(request: Request): LeadSourceInput {
  const url = new URL(request.url);
  const referrer = httpUrl(request.headers.get("referer"));
  const ownHosts = new Set([url.host, new URL(siteDefaults().publicUrl).host]);
  const internal = referrer !== null && ownHosts.has(referrer.host);
  const tags = hasUtm(url.searchParams)
    ? url.searchParams
    : internal && hasUtm(referrer.searchParams)
      ? referrer.searchParams
      : null;
  return {
    page: sourcePart("page", internal ? referrer.pathname : url.pathname),
    // Without an external Referer, the host the landing page's links carried (`ref`).
    referrerHost:
      referrer && !internal
        ? sourcePart("referrerHost", referrer.hostname)
        : sourcePart("referrerHost", url.searchParams.get(REFERRER_KEY)),
    utmSource: tags ? sourcePart("utmSource", tags.get(UTM_KEYS.utmSource)) : null,
    utmMedium: tags ? sourcePart("utmMedium", tags.get(UTM_KEYS.utmMedium)) : null,
    utmCampaign: tags ? sourcePart("utmCampaign", tags.get(UTM_KEYS.utmCampaign)) : null,
  };
}

/** The hidden field's value for this request (the render slot's filling). */
export function leadSourceField(request: Request): string {
  return encodeLeadSource(leadSourceOfRequest(request));
}

const ARTICLE = /^\/blog\/([a-z0-9-]{1,200})$/;

/** The columns a request stores: the post named by the page, when it is a published post. */
export async function leadSourceColumns(source: LeadSourceInput) {
  const slug = source.page ? ARTICLE.exec(source.page)?.[1] : undefined;
  let postId: string | null = null;
  if (slug) {
    const db = await database();
    const post = await db
      .selectFrom("blog_posts")
      .select("id")
      .where("slug", "=", slug)
      .where("status", "=", "published")
      .executeTakeFirst();
    postId = post?.id ?? null;
  }
  return {
    source_page: source.page,
    source_referrer_host: source.referrerHost,
    utm_source: source.utmSource,
    utm_medium: source.utmMedium,
    utm_campaign: source.utmCampaign,
    source_post_id: postId,
  };
}

export type LeadSourceColumns = Awaited<ReturnType<typeof leadSourceColumns>>;
