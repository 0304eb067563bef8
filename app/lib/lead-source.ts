// Where a quote request came from: the vocabulary shared by the form (a hidden field), the
// server that records it and the inbox that shows it (docs/decisions/0032).

/** The quote form's hidden field carrying the source, filled when the page is served. */
export const LEAD_SOURCE_FIELD = "origem";

/** Longest value kept per part; longer campaign tags are cut, never refused. */
export const leadSourceMaxLength = {
  page: 200,
  referrerHost: 253,
  utm: 100,
  /** The whole hidden field: anything beyond is ignored before it is read. */
  field: 8000,
} as const;

/** What the visitor's page knew (cleaned), before the post is looked up. */
export interface LeadSourceInput {
  /** Path of the page on which the visitor opened the form ("/blog/um-post", "/contato"). */
  page: string | null;
  /** Host of the external site that sent the visitor, when there was one. */
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const emptyLeadSource: LeadSourceInput = {
  page: null,
  referrerHost: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

/** A request's source as the inbox shows it. */
export interface LeadSourceView {
  source_page: string | null;
  source_referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  source_post_id: string | null;
  source_post_title: string | null;
}

/** The label of a source in the dashboard and the inbox. */
export const DIRECT_SOURCE = "Direto";
/** A post counted by a request but deleted since. */
export const REMOVED_POST = "Post removido";

/** What the dashboard's "Site de origem" is, in the owner's words (`sourceLabel`). */
export const SOURCE_EXPLAINED =
  "O site de origem é o que o link de uma campanha indica (como “instagram” ou “newsletter”), senão o site de onde o visitante veio (como “www.google.com.br”), senão “Direto”: um endereço digitado, um favorito ou um aplicativo que não diz de onde veio.";

/** The campaign's source tag, else the referring site, else "Direto". */
export function sourceLabel(lead: Pick<LeadSourceView, "utm_source" | "source_referrer_host">): string {
  return lead.utm_source || lead.source_referrer_host || DIRECT_SOURCE;
}

/** What the inbox shows of a source (the page is on the request's own page). */
export type LeadSourceSummary = Omit<LeadSourceView, "source_page">;

/** One line for the inbox: "google / cpc · campanha verao · post: Título". */
export function sourceSummary(lead: LeadSourceSummary): string {
  const parts = [lead.utm_medium ? `${sourceLabel(lead)} / ${lead.utm_medium}` : sourceLabel(lead)];
  if (lead.utm_campaign) parts.push(`campanha ${lead.utm_campaign}`);
  if (lead.source_post_id) parts.push(`post: ${lead.source_post_title ?? REMOVED_POST}`);
  return parts.join(" · ");
}
