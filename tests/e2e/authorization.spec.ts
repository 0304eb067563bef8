import { randomBytes, randomUUID } from "node:crypto";
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import sharp from "sharp";
import { defaultSite } from "~/lib/company-settings";
import { FORBIDDEN_MESSAGE } from "~/lib/roles";
import {
  FOREIGN_ORIGIN_MESSAGE,
  MISSING_ORIGIN_MESSAGE,
  UNAUTHORIZED_MESSAGE,
} from "~/server/accounts/cross-site.server";
import { startDatabase, stopDatabase } from "~/server/db/database.server";
import { storeImage } from "~/server/media/media-store.server";
import { settingsFormValues } from "~/server/settings/settings-form.server";
import { companySettingsOf } from "~/server/settings/site-settings.server";
import {
  adminHeaders,
  adminUserId,
  E2E_ADMIN,
  E2E_ORIGIN,
  expectSignInRequired,
  insertSession,
  LOGIN_LOCKED_MESSAGE,
  SESSION_COOKIE,
  sessionRowExists,
  sessionSetCookie,
  sha256Hex,
  sidFromSetCookie,
  signInOverHttp,
  singleFetchRedirect,
  startDedicatedServer,
} from "../support/admin-auth";
import { insertCategory, insertPost, insertUser, openE2eDatabase } from "../support/db";
import { e2eDatabaseEnv, e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";

// Authorization of the admin at the HTTP level (server-side enforcement): every admin
// page, data request and action, without a session, with an expired one, with a forged cookie,
// and with a valid session but a foreign Origin or none. Pages go to /auth; plain mutations get
// 401; React Router's data requests (`.data`) are sent to /auth (its data redirect) or get 401; a
// foreign or missing Origin gets 403. No answer carries admin data, and nothing in the database
// changes. Then sessions, sign-in and sign-out, and the sign-in limits.

const EVIL = "https://evil.example";
const DAY = 24 * 60 * 60 * 1000;

let handle: Awaited<ReturnType<typeof openE2eDatabase>>;
let adminId: string;
/** A session signed in through /auth, for the foreign-Origin cases. */
let validToken: string;

/** This worker's own rows, which no refused request may change. */
const fixture = {
  postId: "",
  postTitle: "",
  /** A share link of the post, which no refused request may revoke (nor add another). */
  shareLinkId: "",
  /** Two revisions of the post: an older one a refused restore would bring back, and the current. */
  olderRevisionId: "",
  currentRevisionId: "",
  usedCategoryId: "",
  unusedCategoryId: "",
  /** Names a refused create/rename would have written. */
  attemptedPostTitle: `Criado sem autorização ${randomUUID().slice(0, 8)}`,
  attemptedCategoryName: `Categoria sem autorização ${randomUUID().slice(0, 8)}`,
  /** The site's services, numbers, reasons and testimonials a refused request would change. */
  serviceId: "",
  statIds: [] as string[],
  reasonId: "",
  testimonialId: "",
  /** A library image, and the file name a refused upload would have stored. */
  mediaId: "",
  attemptedUploadName: `foto-sem-autorizacao-${randomUUID().slice(0, 8)}.png`,
  /** A published work (a demo one), which a refused save, move, unpublish or delete would change. */
  workId: "",
  attemptedWorkTitle: `Obra sem autorização ${randomUUID().slice(0, 8)}`,
  /** A redirect a refused delete would remove, and the source a refused create or import would add. */
  redirectId: "",
  attemptedRedirectFrom: `/sem-autorizacao-${randomUUID().slice(0, 8)}`,
  /** An Editor of this worker, a pending invitation, and a quote request (personal data). */
  editorId: "",
  editorEmail: "",
  invitationId: "",
  attemptedInvitationEmail: `convite-sem-autorizacao-${randomUUID().slice(0, 8)}@exemplo.com.br`,
  leadId: "",
  leadEmail: "",
  snapshot: "",
};

async function snapshot(): Promise<string> {
  const post = await handle.db
    .selectFrom("blog_posts")
    .selectAll()
    .where("id", "=", fixture.postId)
    .executeTakeFirst();
  const categories = await handle.db
    .selectFrom("categories")
    .selectAll()
    .where("id", "in", [fixture.usedCategoryId, fixture.unusedCategoryId])
    .orderBy("id")
    .execute();
  const settings = await handle.db
    .selectFrom("settings")
    .selectAll()
    .where("key", "in", ["company", "require_second_factor"])
    .orderBy("key")
    .execute();
  const siteContent = await Promise.all(
    (["services", "stats", "reasons", "testimonials"] as const).map((table) =>
      handle.db.selectFrom(table).selectAll().orderBy("id").execute(),
    ),
  );
  const media = await handle.db
    .selectFrom("media")
    .select(["id", "hash", "name", "alt", "formats"])
    .where("id", "=", fixture.mediaId)
    .executeTakeFirst();
  const mediaFiles = await handle.db
    .selectFrom("media_files")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("media_id", "=", fixture.mediaId)
    .executeTakeFirst();
  const work = await handle.db.selectFrom("works").selectAll().where("id", "=", fixture.workId).execute();
  const workPhotos = await handle.db
    .selectFrom("work_photos")
    .selectAll()
    .where("work_id", "=", fixture.workId)
    .orderBy("id")
    .execute();
  const workPairs = await handle.db
    .selectFrom("work_pairs")
    .selectAll()
    .where("work_id", "=", fixture.workId)
    .orderBy("id")
    .execute();
  const revisions = await handle.db
    .selectFrom("post_revisions")
    .select(["id", "version", "title"])
    .where("post_id", "=", fixture.postId)
    .orderBy("version")
    .execute();
  const redirects = await handle.db
    .selectFrom("redirects")
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("id", "=", Number(fixture.redirectId)),
        eb("from_path", "like", `${fixture.attemptedRedirectFrom}%`),
      ]),
    )
    .orderBy("id")
    .execute();
  const team = await handle.db
    .selectFrom("users")
    .select(["id", "email", "role", "deactivated_at", "password_hash"])
    .where("id", "in", [adminId, fixture.editorId])
    .orderBy("id")
    .execute();
  const invitations = await handle.db
    .selectFrom("invitations")
    .selectAll()
    .where((eb) =>
      eb.or([eb("id", "=", fixture.invitationId), eb("email", "=", fixture.attemptedInvitationEmail)]),
    )
    .orderBy("id")
    .execute();
  const lead = await handle.db.selectFrom("leads").selectAll().where("id", "=", fixture.leadId).execute();
  // The request's timeline, its queued replies and the reply templates: no refused request adds one.
  const leadEvents = await handle.db
    .selectFrom("lead_events")
    .select("id")
    .where("lead_id", "=", fixture.leadId)
    .orderBy("id")
    .execute();
  const leadMail = await handle.db
    .selectFrom("outbox")
    .select("id")
    .where("lead_id", "=", fixture.leadId)
    .orderBy("id")
    .execute();
  const replyTemplates = await handle.db.selectFrom("reply_templates").selectAll().orderBy("id").execute();
  // A refused export or erasure is not logged either.
  const personalDataRequests = await handle.db
    .selectFrom("personal_data_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const secondFactors = await Promise.all(
    (["totp_secrets", "recovery_codes", "passkeys", "webauthn_challenges"] as const).map((table) =>
      handle.db
        .selectFrom(table)
        .select("user_id")
        .where("user_id", "in", [adminId, fixture.editorId])
        .orderBy("user_id")
        .execute(),
    ),
  );
  return JSON.stringify({
    team,
    secondFactors,
    invitations,
    lead,
    leadEvents,
    leadMail,
    replyTemplates,
    personalDataRequests: Number(personalDataRequests?.n),
    redirects,
    post,
    revisions,
    categories,
    settings,
    siteContent,
    media,
    mediaFiles: Number(mediaFiles?.n),
    work,
    workPhotos,
    workPairs,
  });
}

async function expectDatabaseUnchanged() {
  expect(await snapshot()).toBe(fixture.snapshot);
  const created = await handle.db
    .selectFrom("blog_posts")
    .select("id")
    .where("title", "=", fixture.attemptedPostTitle)
    .execute();
  expect(created).toEqual([]);
  const createdCategory = await handle.db
    .selectFrom("categories")
    .select("id")
    .where("name", "in", [fixture.attemptedCategoryName, `${fixture.attemptedCategoryName} renomeada`])
    .execute();
  expect(createdCategory).toEqual([]);
  const createdService = await handle.db
    .selectFrom("services")
    .select("id")
    .where("title", "=", serviceFields().title)
    .execute();
  expect(createdService).toEqual([]);
  const uploaded = await handle.db
    .selectFrom("media")
    .select("id")
    .where("name", "in", [fixture.attemptedUploadName, "Renomeada sem autorização"])
    .execute();
  expect(uploaded).toEqual([]);
  const createdWork = await handle.db
    .selectFrom("works")
    .select("id")
    .where("title", "=", fixture.attemptedWorkTitle)
    .execute();
  expect(createdWork).toEqual([]);
  const shareLinks = await handle.db
    .selectFrom("post_share_links")
    .select(["id", "revoked_at"])
    .where("post_id", "=", fixture.postId)
    .execute();
  expect(shareLinks).toEqual([{ id: fixture.shareLinkId, revoked_at: null }]);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  handle = await openE2eDatabase();
  adminId = await adminUserId(handle.db);
  const id = randomUUID().slice(0, 8);
  const usedSlug = await insertCategory(
    handle.db,
    `Categoria Autorização ${id}`,
    `categoria-autorizacao-${id}`,
  );
  const unusedSlug = await insertCategory(handle.db, `Categoria Livre ${id}`, `categoria-livre-${id}`);
  fixture.postTitle = `Post protegido ${id}`;
  await insertPost(handle.db, { title: fixture.postTitle, categorySlug: usedSlug, status: "published" });
  const ids = async (table: "categories" | "blog_posts", column: "slug" | "title", value: string) =>
    (await handle.db.selectFrom(table).select("id").where(column, "=", value).executeTakeFirstOrThrow()).id;
  fixture.usedCategoryId = await ids("categories", "slug", usedSlug);
  fixture.unusedCategoryId = await ids("categories", "slug", unusedSlug);
  fixture.postId = await ids("blog_posts", "title", fixture.postTitle);
  const first = (table: "services" | "reasons" | "testimonials") =>
    handle.db.selectFrom(table).select("id").orderBy("position").executeTakeFirstOrThrow();
  fixture.serviceId = (await first("services")).id;
  fixture.reasonId = (await first("reasons")).id;
  fixture.testimonialId = (await first("testimonials")).id;
  fixture.workId = (
    await handle.db.selectFrom("works").select("id").orderBy("position").executeTakeFirstOrThrow()
  ).id;
  const redirectFrom = `/protegido-${id}`;
  await handle.db.insertInto("redirects").values({ from_path: redirectFrom, to_path: "/contato" }).execute();
  fixture.redirectId = String(
    (
      await handle.db
        .selectFrom("redirects")
        .select("id")
        .where("from_path", "=", redirectFrom)
        .executeTakeFirstOrThrow()
    ).id,
  );
  fixture.statIds = (await handle.db.selectFrom("stats").select("id").orderBy("position").execute()).map(
    (row) => row.id,
  );
  await startDatabase(e2eDatabaseEnv);
  const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#3355aa" } })
    .png()
    .toBuffer();
  fixture.mediaId = (
    await storeImage(png, { source: "upload", uploadedBy: adminId, name: `Protegida ${id}` })
  ).id;
  fixture.shareLinkId = randomUUID();
  await handle.db
    .insertInto("post_share_links")
    .values({
      id: fixture.shareLinkId,
      post_id: fixture.postId,
      token_hash: sha256Hex(randomUUID()),
      created_by: adminId,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      revoked_at: null,
    })
    .execute();
  const now = new Date().toISOString();
  fixture.editorEmail = `editora-${id}@exemplo-condominio.com.br`;
  fixture.editorId = await insertUser(handle.db, {
    email: fixture.editorEmail,
    passwordHash: "sem-senha",
    role: "editor",
    name: `Editora ${id}`,
  });
  fixture.invitationId = randomUUID();
  await handle.db
    .insertInto("invitations")
    .values({
      id: fixture.invitationId,
      email: `convidado-${id}@exemplo-condominio.com.br`,
      role: "editor",
      token_hash: sha256Hex(randomUUID()),
      invited_by: adminId,
      created_at: now,
      expires_at: new Date(Date.now() + 3 * DAY).toISOString(),
    })
    .execute();
  fixture.leadId = randomUUID();
  fixture.leadEmail = `titular-${id}@exemplo.com.br`;
  await handle.db
    .insertInto("leads")
    .values({
      id: fixture.leadId,
      name: `Titular Protegida ${id}`,
      email: fixture.leadEmail,
      phone: "(41) 98888-7777",
      condominium: "Condomínio Protegido",
      service: "Impermeabilização",
      message: "Dados pessoais.",
      status: "novo",
      note: "",
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [version, title] of [
    [0, `Versão antiga de ${fixture.postTitle}`],
    [1, fixture.postTitle],
  ] as const) {
    const revisionId = randomUUID();
    await handle.db
      .insertInto("post_revisions")
      .values({
        id: revisionId,
        post_id: fixture.postId,
        version,
        kind: "save",
        author_id: adminId,
        restored_from: null,
        created_at: new Date().toISOString(),
        title,
        excerpt: "Resumo.",
        content: "<p>Conteúdo.</p>",
        category_id: fixture.usedCategoryId,
        status: "published",
        featured: false,
        read_time: 5,
        featured_image_url: null,
        scheduled_at: null,
        meta_title: null,
        meta_description: null,
        social_image_url: null,
        noindex: false,
      })
      .execute();
    if (version === 0) fixture.olderRevisionId = revisionId;
    else fixture.currentRevisionId = revisionId;
  }
  fixture.snapshot = await snapshot();

  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    validToken = await signInOverHttp(api);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  await handle.close();
  await stopDatabase();
});

// ---- What is probed -------------------------------------------------------------------------

/** A plain page GET, a React Router data request (`.data`, GET or POST), or a plain POST. */
type Kind = "page" | "data" | "mutation";
type Body =
  | { form: Record<string, string> }
  | { multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> };

interface Probe {
  label: string;
  method: "GET" | "POST";
  path: () => string;
  kind: Kind;
  body?: () => Promise<Body>;
}

const saveEdit = async (): Promise<Body> => ({
  form: {
    title: `${fixture.postTitle} alterado`,
    categoryId: fixture.unusedCategoryId,
    excerpt: "Resumo trocado por quem não devia.",
    content: "<p>Conteúdo trocado.</p>",
    readTime: "9",
    status: "draft",
  },
});
const saveNew = async (): Promise<Body> => ({
  form: {
    title: fixture.attemptedPostTitle,
    categoryId: fixture.usedCategoryId,
    excerpt: "Resumo.",
    content: "<p>Conteúdo.</p>",
    readTime: "5",
    status: "published",
  },
});
const deletePost = async (): Promise<Body> => ({ form: { intent: "delete", id: fixture.postId } });
const createCategory = async (): Promise<Body> => ({
  form: { intent: "create", name: fixture.attemptedCategoryName },
});
const renameCategory = async (): Promise<Body> => ({
  form: {
    intent: "rename",
    id: fixture.unusedCategoryId,
    name: `${fixture.attemptedCategoryName} renomeada`,
  },
});
const deleteCategory = async (): Promise<Body> => ({
  form: { intent: "delete", id: fixture.unusedCategoryId },
});
/** A real picture, so a refusal can only come from the authorization check. */
const picture = async () => ({
  name: fixture.attemptedUploadName,
  mimeType: "image/png",
  buffer: await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 20 } },
  })
    .png()
    .toBuffer(),
});
const uploadImage = async (): Promise<Body> => ({ multipart: { file: await picture() } });
const generateImage = async (): Promise<Body> => ({ form: { prompt: "fachada de prédio" } });
/** A complete, valid settings form: saved, it would change every page's WhatsApp link. */
const saveSettings = async (): Promise<Body> => ({
  form: {
    ...settingsFormValues(
      companySettingsOf(defaultSite, [`invasor-${randomUUID().slice(0, 8)}@evil.example`]),
    ),
    cnpj: "11.222.333/0001-81",
    whatsappDigits: "5511900000000",
  },
});
const serviceFields = () => ({
  title: `Serviço sem autorização ${fixture.attemptedPostTitle}`,
  slug: "",
  icon: "wrench",
  summary: "Resumo trocado.",
  details: "Descrição trocada.",
  features: "Item",
  picture: "",
  pictureAlt: "",
  showOnHome: "on",
});
const saveService = async (): Promise<Body> => ({ form: serviceFields() });
const moveService = async (): Promise<Body> => ({
  form: { intent: "move", id: fixture.serviceId, direction: "down", list: "page" },
});
const deleteService = async (): Promise<Body> => ({ form: { intent: "delete", id: fixture.serviceId } });
const saveStats = async (): Promise<Body> => ({
  form: {
    intent: "stats",
    id: fixture.statIds[0] ?? "",
    [`value:${fixture.statIds[0]}`]: "1",
    [`label:${fixture.statIds[0]}`]: "Trocado",
  },
});
const saveReason = async (): Promise<Body> => ({
  form: { intent: "reason", id: fixture.reasonId, icon: "star", title: "Trocado", description: "Trocado." },
});
const moveReason = async (): Promise<Body> => ({
  form: { intent: "reason-move", id: fixture.reasonId, direction: "down" },
});
const testimonialFields = { author: "Intruso", role: "Ninguém", quote: "Trocado.", visible: "on" };
const createTestimonial = async (): Promise<Body> => ({
  form: { intent: "testimonial-create", ...testimonialFields },
});
const saveTestimonial = async (): Promise<Body> => ({
  form: { intent: "testimonial-save", id: fixture.testimonialId, ...testimonialFields },
});
const moveTestimonial = async (): Promise<Body> => ({
  form: { intent: "testimonial-move", id: fixture.testimonialId, direction: "down" },
});
const deleteTestimonial = async (): Promise<Body> => ({
  form: { intent: "testimonial-delete", id: fixture.testimonialId },
});

/** The services admin and the home page admin: every page, data request and action. */
const siteContentProbes: Probe[] = [
  ...(
    ["/admin/servicos", "/admin/servicos/novo", "/admin/servicos/<id>", "/admin/pagina-inicial"] as const
  ).flatMap((page): Probe[] => {
    const path = () => page.replace("<id>", fixture.serviceId);
    return [
      { label: `GET ${page}`, method: "GET", path, kind: "page" },
      { label: `GET ${page}.data`, method: "GET", path: () => `${path()}.data`, kind: "data" },
    ];
  }),
  ...(
    [
      ["/admin/servicos", "move", moveService],
      ["/admin/servicos", "delete", deleteService],
      ["/admin/servicos/novo", "save, new", saveService],
      ["/admin/servicos/<id>", "save, edit", saveService],
      ["/admin/pagina-inicial", "numbers", saveStats],
      ["/admin/pagina-inicial", "reason", saveReason],
      ["/admin/pagina-inicial", "reason order", moveReason],
      ["/admin/pagina-inicial", "new testimonial", createTestimonial],
      ["/admin/pagina-inicial", "testimonial", saveTestimonial],
      ["/admin/pagina-inicial", "testimonial order", moveTestimonial],
      ["/admin/pagina-inicial", "testimonial deletion", deleteTestimonial],
    ] as const
  ).flatMap(([page, action, body]): Probe[] => {
    const path = () => page.replace("<id>", fixture.serviceId);
    return [
      { label: `POST ${page} (${action})`, method: "POST", path, kind: "mutation", body },
      {
        label: `POST ${page}.data (${action})`,
        method: "POST",
        path: () => `${path()}.data`,
        kind: "data",
        body,
      },
    ];
  }),
];
/** A complete, valid work form with a library photo: saved, it would change /obras. */
const saveWork = async (): Promise<Body> => ({
  form: {
    title: fixture.attemptedWorkTitle,
    slug: "",
    neighbourhood: "Batel",
    city: "Curitiba",
    period: "2024",
    buildingType: "Residencial",
    services: "Pintura",
    description: "Trocada por quem não devia.",
    published: "on",
    cover: fixture.mediaId,
    coverAlt: "Capa",
    photo: fixture.mediaId,
    photoTitle: "Foto",
    photoAlt: "Foto",
  },
});
const moveWork = async (): Promise<Body> => ({
  form: { intent: "move", id: fixture.workId, direction: "down" },
});
const unpublishWork = async (): Promise<Body> => ({ form: { intent: "unpublish", id: fixture.workId } });
const deleteWork = async (): Promise<Body> => ({ form: { intent: "delete", id: fixture.workId } });

/** The works admin: every page, data request and action. */
const worksProbes: Probe[] = [
  ...(
    [
      "/admin/obras",
      "/admin/obras?busca=edificio&pagina=2",
      "/admin/obras/nova",
      "/admin/obras/<id>",
    ] as const
  ).flatMap((page): Probe[] => {
    const path = () => page.replace("<id>", fixture.workId);
    const dataPath = () => {
      const [pathname, query] = path().split("?");
      return query ? `${pathname}.data?${query}` : `${pathname}.data`;
    };
    return [
      { label: `GET ${page}`, method: "GET", path, kind: "page" },
      { label: `GET ${page} (.data)`, method: "GET", path: dataPath, kind: "data" },
    ];
  }),
  ...(
    [
      ["/admin/obras", "move", moveWork],
      ["/admin/obras", "unpublish", unpublishWork],
      ["/admin/obras", "delete", deleteWork],
      ["/admin/obras/nova", "save, new", saveWork],
      ["/admin/obras/<id>", "save, edit", saveWork],
    ] as const
  ).flatMap(([page, action, body]): Probe[] => {
    const path = () => page.replace("<id>", fixture.workId);
    return [
      { label: `POST ${page} (${action})`, method: "POST", path, kind: "mutation", body },
      {
        label: `POST ${page}.data (${action})`,
        method: "POST",
        path: () => `${path()}.data`,
        kind: "data",
        body,
      },
    ];
  }),
];
const createRedirect = async (): Promise<Body> => ({
  form: { intent: "create", from: fixture.attemptedRedirectFrom, to: "/contato" },
});
const deleteRedirect = async (): Promise<Body> => ({ form: { intent: "delete", id: fixture.redirectId } });
const importRedirects = async (): Promise<Body> => ({
  multipart: {
    intent: "import",
    csv: {
      name: "redirecionamentos.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`de,para\n${fixture.attemptedRedirectFrom}/csv,/contato\n`),
    },
  },
});

/** The redirects screen: its page, data request and actions. */
const redirectProbes: Probe[] = [
  ...(["/admin/redirecionamentos", "/admin/redirecionamentos?busca=protegido&pagina=2"] as const).flatMap(
    (page): Probe[] => {
      const [pathname, query] = page.split("?");
      const dataPath = () => (query ? `${pathname}.data?${query}` : `${pathname}.data`);
      return [
        { label: `GET ${page}`, method: "GET", path: () => page, kind: "page" },
        { label: `GET ${page} (.data)`, method: "GET", path: dataPath, kind: "data" },
      ];
    },
  ),
  ...(
    [
      ["create", createRedirect],
      ["delete", deleteRedirect],
      ["import", importRedirects],
    ] as const
  ).flatMap(([action, body]): Probe[] => [
    {
      label: `POST /admin/redirecionamentos (${action})`,
      method: "POST",
      path: () => "/admin/redirecionamentos",
      kind: "mutation",
      body,
    },
    {
      label: `POST /admin/redirecionamentos.data (${action})`,
      method: "POST",
      path: () => "/admin/redirecionamentos.data",
      kind: "data",
      body,
    },
  ]),
];
const uploadToLibrary = async (): Promise<Body> => ({
  multipart: { intent: "upload", files: await picture() },
});
const editMedia = async (): Promise<Body> => ({
  form: { intent: "update", name: "Renomeada sem autorização", alt: "Texto trocado por quem não devia" },
});
const deleteMedia = async (): Promise<Body> => ({ form: { intent: "delete" } });

/** Pages and actions with their data requests, for a list of [page, action, body]. */
function pageProbes(pages: readonly string[], path: (page: string) => string): Probe[] {
  return pages.flatMap((page): Probe[] => [
    { label: `GET ${page}`, method: "GET", path: () => path(page), kind: "page" },
    { label: `GET ${page}.data`, method: "GET", path: () => `${path(page)}.data`, kind: "data" },
  ]);
}
function actionProbes(
  actions: ReadonlyArray<readonly [string, string, () => Promise<Body>]>,
  path: (page: string) => string,
): Probe[] {
  return actions.flatMap(([page, action, body]): Probe[] => [
    { label: `POST ${page} (${action})`, method: "POST", path: () => path(page), kind: "mutation", body },
    {
      label: `POST ${page}.data (${action})`,
      method: "POST",
      path: () => `${path(page)}.data`,
      kind: "data",
      body,
    },
  ]);
}

/** The team page: who gets in, with which role. */
const teamProbes: Probe[] = [
  ...pageProbes(["/admin/usuarios"], (page) => page),
  ...actionProbes(
    [
      [
        "/admin/usuarios",
        "invite",
        async () => ({ form: { intent: "invite", email: fixture.attemptedInvitationEmail, role: "admin" } }),
      ],
      [
        "/admin/usuarios",
        "promote",
        async () => ({ form: { intent: "role", id: fixture.editorId, role: "admin" } }),
      ],
      ["/admin/usuarios", "demote", async () => ({ form: { intent: "role", id: adminId, role: "editor" } })],
      [
        "/admin/usuarios",
        "require a second factor",
        async () => ({ form: { intent: "second-factor-policy", required: "1" } }),
      ],
      ["/admin/usuarios", "deactivate", async () => ({ form: { intent: "deactivate", id: adminId } })],
      ["/admin/usuarios", "remove", async () => ({ form: { intent: "remove", id: adminId } })],
      [
        "/admin/usuarios",
        "reset a second factor",
        async () => ({ form: { intent: "second-factor-reset", id: adminId, confirmar: "sim" } }),
      ],
      [
        "/admin/usuarios",
        "resend invitation",
        async () => ({ form: { intent: "resend", id: fixture.invitationId } }),
      ],
      [
        "/admin/usuarios",
        "revoke invitation",
        async () => ({ form: { intent: "revoke", id: fixture.invitationId } }),
      ],
    ],
    (page) => page,
  ),
];

/** Quote requests: personal data (list, one request, CSV export, status and deletion). */
const leadProbes: Probe[] = [
  // The inbox's dashboard (where requests come from) counts them: leads.read too.
  ...pageProbes(
    [
      "/admin/solicitacoes",
      "/admin/solicitacoes/painel",
      "/admin/solicitacoes/quadro",
      "/admin/solicitacoes/modelos",
      "/admin/solicitacoes/<id>",
      "/admin/solicitacoes/<id>/responder",
    ],
    (page) => page.replace("<id>", fixture.leadId),
  ),
  // Recording a WhatsApp contact then leaving for wa.me: a plain form post, no page of its own.
  {
    label: "POST /admin/solicitacoes/<id>/whatsapp",
    method: "POST",
    path: () => `/admin/solicitacoes/${fixture.leadId}/whatsapp`,
    kind: "mutation",
    body: async () => ({ form: { template: "" } }),
  },
  // A download: without a session it goes to sign-in like a page; an Editor gets JSON with the reason.
  {
    label: "GET /admin/solicitacoes.csv",
    method: "GET",
    path: () => "/admin/solicitacoes.csv",
    kind: "page",
  },
  {
    label: "GET /admin/solicitacoes/conversoes.csv",
    method: "GET",
    path: () => "/admin/solicitacoes/conversoes.csv?tabela=origens",
    kind: "page",
  },
  ...actionProbes(
    [
      [
        "/admin/solicitacoes",
        "status",
        async () => ({ form: { id: fixture.leadId, status: "fechado_ganho", note: "Trocada" } }),
      ],

      [
        "/admin/solicitacoes/quadro",
        "move",
        async () => ({
          form: { intent: "move", id: fixture.leadId, status: "visita_agendada", lost_reason: "" },
        }),
      ],
      [
        "/admin/solicitacoes/<id>",
        "stage and values",
        async () => ({
          form: {
            intent: "stage",
            status: "fechado_ganho",
            lost_reason: "",
            proposal_value: "1.000,00",
            closed_value: "900",
          },
        }),
      ],
      [
        "/admin/solicitacoes/<id>",
        "note",
        async () => ({ form: { intent: "note", text: "Nota de invasor" } }),
      ],
      ["/admin/solicitacoes/<id>", "delete", async () => ({ form: { intent: "delete" } })],
      [
        "/admin/solicitacoes/<id>/responder",
        "reply by e-mail",
        async () => ({ form: { subject: "Olá", text: "Resposta de invasor" } }),
      ],
      [
        "/admin/solicitacoes/modelos",
        "save template",
        async () => ({
          form: { intent: "save", id: "", channel: "email", name: "Invasor", subject: "x", body: "y" },
        }),
      ],
    ],
    (page) => page.replace("<id>", fixture.leadId),
  ),
];

/** LGPD requests: everything about one person, its export and its erasure. */
const personalDataProbes: Probe[] = [
  ...pageProbes(["/admin/titulares"], (page) => page),
  // A download: an Editor gets JSON with the reason, like the CSV.
  {
    label: "POST /admin/titulares/exportar",
    method: "POST",
    path: () => "/admin/titulares/exportar",
    kind: "mutation",
    body: async () => ({ form: { titular: fixture.leadEmail } }),
  },
  ...actionProbes(
    [
      [
        "/admin/titulares",
        "search",
        async () => ({ form: { intent: "buscar", titular: fixture.leadEmail } }),
      ],
      [
        "/admin/titulares",
        "erase",
        async () => ({ form: { intent: "excluir", titular: fixture.leadEmail, confirmar: "sim" } }),
      ],
    ],
    (page) => page,
  ),
];

/** The audit log and its export: the Administrador's alone (it names people and addresses). */
const auditProbes: Probe[] = [
  ...pageProbes(["/admin/auditoria"], (page) => page),
  { label: "GET /admin/auditoria.csv", method: "GET", path: () => "/admin/auditoria.csv", kind: "page" },
];

/**
 * One's own account: password, second factors and sessions (an Editor may use them, for their
 * own account).
 */
const accountProbes: Probe[] = [
  ...pageProbes(["/admin/conta", "/admin/conta/dispositivos"], (page) => page),
  {
    label: "POST /admin/conta/passkeys/opcoes",
    method: "POST",
    path: () => "/admin/conta/passkeys/opcoes",
    kind: "mutation",
    body: async () => ({ form: {} }),
  },
  ...actionProbes(
    [
      ["/admin/conta", "start two-factor", async () => ({ form: { intent: "totp-start" } })],
      [
        "/admin/conta",
        "add a passkey",
        async () => ({ form: { intent: "passkey-add", name: "Intrusa", response: "{}" } }),
      ],
      [
        "/admin/conta",
        "remove a passkey",
        async () => ({ form: { intent: "passkey-remove", id: "qualquer" } }),
      ],
      [
        "/admin/conta",
        "confirm two-factor",
        async () => ({ form: { intent: "totp-confirm", code: "123456" } }),
      ],
      [
        "/admin/conta",
        "turn two-factor off",
        async () => ({ form: { intent: "totp-disable", password: E2E_ADMIN.password, code: "123456" } }),
      ],
      [
        "/admin/conta",
        "change password",
        async () => ({
          form: {
            current: E2E_ADMIN.password,
            password: "trocada por quem nao devia 42",
            confirmation: "trocada por quem nao devia 42",
          },
        }),
      ],
      ["/admin/conta/dispositivos", "end others", async () => ({ form: { intent: "end-others" } })],
      ["/admin/conta/dispositivos", "end one", async () => ({ form: { intent: "end", id: "0".repeat(64) } })],
    ],
    (page) => page,
  ),
];

const comparePath = (suffix = "") =>
  `/admin/posts/${fixture.postId}/revisoes${suffix}?de=${fixture.olderRevisionId}&para=${fixture.currentRevisionId}`;
const restoreRevision = async (): Promise<Body> => ({ form: { revisionId: fixture.olderRevisionId } });

const probes: Probe[] = [
  ...teamProbes,
  ...leadProbes,
  ...personalDataProbes,
  ...auditProbes,
  ...accountProbes,
  { label: "GET /admin", method: "GET", path: () => "/admin", kind: "page" },
  { label: "GET /admin/posts/novo", method: "GET", path: () => "/admin/posts/novo", kind: "page" },
  {
    label: "GET /admin/posts/<id>",
    method: "GET",
    path: () => `/admin/posts/${fixture.postId}`,
    kind: "page",
  },
  { label: "GET /admin/categorias", method: "GET", path: () => "/admin/categorias", kind: "page" },
  { label: "GET /admin.data", method: "GET", path: () => "/admin.data", kind: "data" },
  {
    label: "GET /admin/posts/novo.data",
    method: "GET",
    path: () => "/admin/posts/novo.data",
    kind: "data",
  },
  {
    label: "GET /admin/posts/visualizar",
    method: "GET",
    path: () => "/admin/posts/visualizar",
    kind: "page",
  },
  {
    label: "POST /admin/posts/visualizar (preview of unsaved values)",
    method: "POST",
    path: () => "/admin/posts/visualizar",
    kind: "mutation",
    body: async () => ({
      form: {
        title: fixture.postTitle,
        categoryId: fixture.usedCategoryId,
        excerpt: "Resumo.",
        content: "<p>Conteúdo.</p>",
        readTime: "5",
      },
    }),
  },
  // The editor's share links: JSON for its fetcher; a GET is sent to sign-in like a page.
  {
    label: "GET /admin/posts/<id>/links-de-previa",
    method: "GET",
    path: () => `/admin/posts/${fixture.postId}/links-de-previa`,
    kind: "page",
  },
  {
    label: "POST /admin/posts/<id>/links-de-previa (create a share link)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}/links-de-previa`,
    kind: "mutation",
    body: async () => ({ form: { intent: "create" } }),
  },
  {
    label: "POST /admin/posts/<id>/links-de-previa (revoke a share link)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}/links-de-previa`,
    kind: "mutation",
    body: async () => ({ form: { intent: "revoke", linkId: fixture.shareLinkId } }),
  },
  {
    label: "GET /admin/posts/<id>.data",
    method: "GET",
    path: () => `/admin/posts/${fixture.postId}.data`,
    kind: "data",
  },
  // Revisions: the comparison page and the restore.
  {
    label: "GET /admin/posts/<id>/revisoes (compare)",
    method: "GET",
    path: () => comparePath(),
    kind: "page",
  },
  {
    label: "GET /admin/posts/<id>/revisoes.data (compare)",
    method: "GET",
    path: () => comparePath(".data"),
    kind: "data",
  },
  {
    label: "POST /admin/posts/<id>/revisoes (restore)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}/revisoes`,
    kind: "mutation",
    body: restoreRevision,
  },
  {
    label: "POST /admin/posts/<id>/revisoes.data (restore)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}/revisoes.data`,
    kind: "data",
    body: restoreRevision,
  },
  { label: "GET /admin/categorias.data", method: "GET", path: () => "/admin/categorias.data", kind: "data" },
  {
    label: "POST /admin/posts/<id> (save, edit)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}`,
    kind: "mutation",
    body: saveEdit,
  },
  {
    label: "POST /admin/posts/novo (save, new)",
    method: "POST",
    path: () => "/admin/posts/novo",
    kind: "mutation",
    body: saveNew,
  },
  { label: "POST /admin (delete)", method: "POST", path: () => "/admin", kind: "mutation", body: deletePost },
  {
    label: "POST /admin/posts/<id>.data (save, edit)",
    method: "POST",
    path: () => `/admin/posts/${fixture.postId}.data`,
    kind: "data",
    body: saveEdit,
  },
  {
    label: "POST /admin/posts/novo.data (save, new)",
    method: "POST",
    path: () => "/admin/posts/novo.data",
    kind: "data",
    body: saveNew,
  },
  {
    label: "POST /admin.data (delete)",
    method: "POST",
    path: () => "/admin.data",
    kind: "data",
    body: deletePost,
  },
  {
    label: "POST /admin/categorias (create)",
    method: "POST",
    path: () => "/admin/categorias",
    kind: "mutation",
    body: createCategory,
  },
  {
    label: "POST /admin/categorias (rename)",
    method: "POST",
    path: () => "/admin/categorias",
    kind: "mutation",
    body: renameCategory,
  },
  {
    label: "POST /admin/categorias (delete)",
    method: "POST",
    path: () => "/admin/categorias",
    kind: "mutation",
    body: deleteCategory,
  },
  {
    label: "POST /admin/categorias.data (delete)",
    method: "POST",
    path: () => "/admin/categorias.data",
    kind: "data",
    body: deleteCategory,
  },
  { label: "GET /admin/configuracoes", method: "GET", path: () => "/admin/configuracoes", kind: "page" },
  {
    label: "GET /admin/configuracoes.data",
    method: "GET",
    path: () => "/admin/configuracoes.data",
    kind: "data",
  },
  {
    label: "POST /admin/configuracoes (save settings)",
    method: "POST",
    path: () => "/admin/configuracoes",
    kind: "mutation",
    body: saveSettings,
  },
  {
    label: "POST /admin/configuracoes.data (save settings)",
    method: "POST",
    path: () => "/admin/configuracoes.data",
    kind: "data",
    body: saveSettings,
  },
  {
    label: "POST /admin/sair",
    method: "POST",
    path: () => "/admin/sair",
    kind: "mutation",
    body: async () => ({ form: {} }),
  },
  {
    label: "POST /admin/sair.data",
    method: "POST",
    path: () => "/admin/sair.data",
    kind: "data",
    body: async () => ({ form: {} }),
  },
  {
    label: "POST /admin/api/upload",
    method: "POST",
    path: () => "/admin/api/upload",
    kind: "mutation",
    body: uploadImage,
  },
  {
    label: "POST /admin/api/generate-image",
    method: "POST",
    path: () => "/admin/api/generate-image",
    kind: "mutation",
    body: generateImage,
  },
  ...siteContentProbes,
  ...worksProbes,
  ...redirectProbes,
  // The media library.
  { label: "GET /admin/midia", method: "GET", path: () => "/admin/midia", kind: "page" },
  {
    label: "GET /admin/midia?busca=…",
    method: "GET",
    path: () => "/admin/midia?busca=Protegida",
    kind: "page",
  },
  { label: "GET /admin/midia.data", method: "GET", path: () => "/admin/midia.data", kind: "data" },
  {
    label: "GET /admin/midia/<id>",
    method: "GET",
    path: () => `/admin/midia/${fixture.mediaId}`,
    kind: "page",
  },
  {
    label: "GET /admin/midia/<id>.data",
    method: "GET",
    path: () => `/admin/midia/${fixture.mediaId}.data`,
    kind: "data",
  },
  // The picker's JSON: a GET, so the HTTP layer sends it to sign-in like a page.
  {
    label: "GET /admin/api/midia",
    method: "GET",
    path: () => "/admin/api/midia?busca=Protegida",
    kind: "page",
  },
  {
    label: "POST /admin/midia (upload, without JavaScript)",
    method: "POST",
    path: () => "/admin/midia",
    kind: "mutation",
    body: uploadToLibrary,
  },
  {
    label: "POST /admin/midia.data (upload)",
    method: "POST",
    path: () => "/admin/midia.data",
    kind: "data",
    body: uploadToLibrary,
  },
  {
    label: "POST /admin/midia/<id> (name and alt text)",
    method: "POST",
    path: () => `/admin/midia/${fixture.mediaId}`,
    kind: "mutation",
    body: editMedia,
  },
  {
    label: "POST /admin/midia/<id> (delete)",
    method: "POST",
    path: () => `/admin/midia/${fixture.mediaId}`,
    kind: "mutation",
    body: deleteMedia,
  },
  {
    label: "POST /admin/midia/<id>.data (delete)",
    method: "POST",
    path: () => `/admin/midia/${fixture.mediaId}.data`,
    kind: "data",
    body: deleteMedia,
  },
];

async function send(
  request: APIRequestContext,
  probe: Probe,
  headers: Record<string, string>,
): Promise<APIResponse> {
  const options = { headers, maxRedirects: 0, ...(probe.body ? await probe.body() : {}) };
  return probe.method === "GET" ? request.get(probe.path(), options) : request.post(probe.path(), options);
}

async function expectRefused(response: APIResponse, expected: "login" | 401 | 403 | "no origin") {
  if (expected === "login") {
    expect(response.status()).toBe(302);
    expect(new URL(response.headers().location ?? "", "http://site.test").pathname).toBe("/auth");
    return;
  }
  expect(response.status()).toBe(expected === "no origin" ? 403 : expected);
  const message = {
    401: UNAUTHORIZED_MESSAGE,
    403: FOREIGN_ORIGIN_MESSAGE,
    "no origin": MISSING_ORIGIN_MESSAGE,
  };
  expect(await response.json()).toEqual({ error: message[expected] });
}

interface Scenario {
  name: string;
  /** The Cookie header (a new one per request: an expired session is deleted once seen). */
  cookie: () => Promise<string | undefined>;
}

/** What the admin's own page sends along: its session cookie, if any, and its Origin. */
const fromOwnPage = (cookie: string | undefined): Record<string, string> =>
  cookie ? { Cookie: cookie, Origin: E2E_ORIGIN } : { Origin: E2E_ORIGIN };

const scenarios: Scenario[] = [
  { name: "without a session", cookie: async () => undefined },
  {
    name: "with an expired session",
    cookie: async () =>
      `${SESSION_COOKIE}=${await insertSession(handle.db, adminId, {
        createdAgoMs: 4 * DAY,
        lastSeenAgoMs: 3 * DAY + 60_000,
        expiresInMs: -60_000,
        absoluteExpiresInMs: 26 * DAY,
      })}`,
  },
  {
    name: "with a forged cookie",
    cookie: async () => `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}`,
  },
];

/**
 * 'Sair' without a valid session: refused like any mutation, or ("on 401 during
 * sign-out the local session is still cleared") a plain sign-out that only clears the cookie and
 * goes home. Either way nothing on the server changes.
 */
async function expectSignOutRefusedOrHarmless(response: APIResponse) {
  const status = response.status();
  if (status === 401 || status === 403) {
    expect(await response.text()).toContain(UNAUTHORIZED_MESSAGE);
    return;
  }
  const target =
    status === 202
      ? singleFetchRedirect(await response.text())
      : new URL(response.headers().location ?? "", "http://site.test").pathname;
  expect([302, 202]).toContain(status);
  expect(target).toBe("/");
  expect(sessionSetCookie(response)).toMatch(/^__Host-sid=;.*Max-Age=0/);
}

function outcome(probe: Probe): string {
  if (probe.path().startsWith("/admin/sair")) return "refused (or a harmless sign-out)";
  if (probe.kind === "page") return "302 to /auth";
  if (probe.kind === "data") return "sent to /auth or 401";
  return "401";
}

/**
 * The matrix runs whole in the SQLite pass. The PostgreSQL pass keeps one scenario per role:
 * for visitors without a valid session, the expired session (the only one whose refusal reads
 * the store: a session row and its expiry on that engine); the Editor and the Administrador
 * below. A missing or forged cookie, or a foreign Origin, is refused before any query.
 */
const POSTGRES_SCENARIO = "with an expired session";

for (const scenario of scenarios) {
  test.describe(scenario.name, () => {
    test.skip(e2eOnPostgres && scenario.name !== POSTGRES_SCENARIO, SAME_ON_BOTH_ENGINES);
    for (const probe of probes) {
      test(`${probe.label} → ${outcome(probe)}, nothing changes`, async ({ request }) => {
        const response = await send(request, probe, fromOwnPage(await scenario.cookie()));
        if (probe.path().startsWith("/admin/sair")) await expectSignOutRefusedOrHarmless(response);
        else if (probe.kind === "page") await expectRefused(response, "login");
        else if (probe.kind === "data") await expectSignInRequired(response);
        else await expectRefused(response, 401);
        // No admin data in any answer.
        const body = await response.text();
        expect(body).not.toContain(fixture.postTitle);
        expect(body).not.toContain(E2E_ADMIN.email);
        await expectDatabaseUnchanged();
      });
    }
  });
}

test.describe("with a valid session but a foreign Origin", () => {
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  for (const probe of probes.filter((p) => p.method === "POST")) {
    test(`${probe.label} → 403, nothing changes`, async ({ request }) => {
      const response = await send(request, probe, adminHeaders(validToken, EVIL));
      await expectRefused(response, 403);
      await expectDatabaseUnchanged();
      // The session itself is untouched (no sign-out by a foreign page either).
      const still = await request.get("/admin.data", { headers: adminHeaders(validToken) });
      expect(still.status()).toBe(200);
    });
  }

  test("Origin 'null', another scheme or another port of our own host are foreign too", async ({
    request,
  }) => {
    const { host } = new URL(E2E_ORIGIN);
    const port = Number(new URL(E2E_ORIGIN).port);
    for (const origin of ["null", `https://${host}`, `http://127.0.0.1:${port + 1}`, "http://evil.example"]) {
      const response = await request.post("/admin", {
        // The request goes to our own host; only the Origin differs.
        headers: adminHeaders(validToken, origin),
        form: { intent: "delete", id: fixture.postId },
        maxRedirects: 0,
      });
      await expectRefused(response, 403);
    }
    await expectDatabaseUnchanged();
  });
});

test.describe("with a valid session but no Origin", () => {
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);
  const cookie = () => ({ Cookie: `${SESSION_COOKIE}=${validToken}` });

  test("a POST that does not say where it comes from is refused (403), even with our own Referer", async ({
    request,
  }) => {
    const withoutOrigin: Record<string, string>[] = [
      {},
      { Referer: `${E2E_ORIGIN}/admin` },
      { Referer: `${EVIL}/pagina` },
    ];
    for (const headers of withoutOrigin) {
      const response = await request.post("/admin", {
        headers: { ...cookie(), ...headers },
        form: { intent: "delete", id: fixture.postId },
        maxRedirects: 0,
      });
      await expectRefused(response, "no origin");
    }
    for (const path of [
      "/admin/categorias",
      "/admin/sair",
      "/auth",
      "/admin/api/upload",
      "/admin/midia",
      `/admin/midia/${fixture.mediaId}`,
    ]) {
      const response = await request.post(path, { headers: cookie(), form: {}, maxRedirects: 0 });
      await expectRefused(response, "no origin");
    }
    await expectDatabaseUnchanged();
    expect(await sessionRowExists(handle.db, validToken)).toBe(true);
  });

  test("with Sec-Fetch-Site: same-origin it goes through", async ({ request }) => {
    const response = await request.post("/admin/categorias", {
      headers: { ...cookie(), "Sec-Fetch-Site": "same-origin" },
      form: { intent: "create", name: `Sem Origin ${randomUUID().slice(0, 8)}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const crossSite = await request.post("/admin/categorias", {
      headers: { ...cookie(), "Sec-Fetch-Site": "cross-site" },
      form: { intent: "create", name: `Sem Origin ${randomUUID().slice(0, 8)}` },
      maxRedirects: 0,
    });
    await expectRefused(crossSite, "no origin");
  });
});

// ---- Roles ----------------------------------------------------------------------------------

/** What an Editor may never reach: personal data (quote requests), the team and the settings. */
const adminOnlyProbes: Probe[] = [
  ...leadProbes,
  ...teamProbes,
  ...personalDataProbes,
  ...auditProbes,
  ...probes.filter((probe) => probe.path().startsWith("/admin/configuracoes")),
];

test.describe("signed in as an Editor", () => {
  let editorToken: string;
  test.beforeAll(async () => {
    editorToken = await insertSession(handle.db, fixture.editorId);
  });

  for (const probe of adminOnlyProbes) {
    test(`${probe.label} → 403, nothing changes`, async ({ request }) => {
      const response = await send(request, probe, adminHeaders(editorToken));
      expect(response.status()).toBe(403);
      const body = await response.text();
      // Pages and form posts get the error page; a download (the CSV) gets the reason as JSON.
      if (probe.kind !== "data") {
        if (probe.path().endsWith(".csv")) expect(JSON.parse(body)).toEqual({ error: FORBIDDEN_MESSAGE });
        else expect(body).toContain("Acesso restrito");
      }
      for (const secret of [fixture.leadEmail, E2E_ADMIN.email, "exemplo-condominio.com.br/convite"])
        expect(body).not.toContain(secret);
      await expectDatabaseUnchanged();
      // Refused, not signed out.
      expect(await sessionRowExists(handle.db, editorToken)).toBe(true);
    });
  }

  test("every other admin page and data request opens (200), and the menu hides what an Editor cannot use", async ({
    request,
  }) => {
    const contentPages = probes.filter(
      (probe) =>
        probe.method === "GET" &&
        !adminOnlyProbes.includes(probe) &&
        !probe.path().includes("links-de-previa"),
    );
    expect(contentPages.length).toBeGreaterThan(20);
    for (const probe of contentPages) {
      const response = await send(request, probe, adminHeaders(editorToken));
      expect(response.status(), probe.label).toBe(200);
    }
    const html = await (await request.get("/admin", { headers: adminHeaders(editorToken) })).text();
    expect(html).toContain(fixture.editorEmail);
    for (const link of ["/admin/obras", "/admin/midia", "/admin/redirecionamentos"])
      expect(html).toContain(`href="${link}"`);
    const adminOnlyLinks = [
      "/admin/solicitacoes",
      "/admin/usuarios",
      "/admin/configuracoes",
      "/admin/titulares",
      "/admin/auditoria",
    ];
    for (const link of adminOnlyLinks) expect(html).not.toContain(`href="${link}"`);
    const admin = await (await request.get("/admin", { headers: adminHeaders(validToken) })).text();
    for (const link of adminOnlyLinks) expect(admin).toContain(`href="${link}"`);
  });
});

// ---- Sessions -------------------------------------------------------------------------------

test("a valid session reaches every admin page and data request (the refusals above are not vacuous)", async ({
  request,
}) => {
  const headers = adminHeaders(validToken);
  for (const path of [
    "/admin",
    "/admin/posts/novo",
    `/admin/posts/${fixture.postId}`,
    "/admin/categorias",
    "/admin.data",
    "/admin/posts/novo.data",
    `/admin/posts/${fixture.postId}.data`,
    "/admin/categorias.data",
    "/admin/configuracoes",
    "/admin/configuracoes.data",
    "/admin/usuarios",
    "/admin/usuarios.data",
    "/admin/conta",
    "/admin/conta.data",
    "/admin/solicitacoes",
    "/admin/solicitacoes.csv",
    `/admin/solicitacoes/${fixture.leadId}`,
    ...siteContentProbes.filter((probe) => probe.method === "GET").map((probe) => probe.path()),
    ...redirectProbes.filter((probe) => probe.method === "GET").map((probe) => probe.path()),
    "/admin/solicitacoes/painel",
    "/admin/solicitacoes/painel.data",
    "/admin/titulares",
    "/admin/titulares.data",
    "/admin/midia",
    "/admin/midia.data",
    `/admin/midia/${fixture.mediaId}`,
    `/admin/midia/${fixture.mediaId}.data`,
    "/admin/api/midia",
    `/admin/posts/${fixture.postId}/links-de-previa`,
    comparePath(),
    comparePath(".data"),
  ]) {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
  }
  const library = await request.get("/admin/api/midia?busca=Protegida", { headers });
  expect(JSON.stringify(await library.json())).toContain(fixture.mediaId);
  const page = await request.get("/admin", { headers });
  expect(await page.text()).toContain(fixture.postTitle);
  const editor = await request.get(`/admin/posts/${fixture.postId}`, { headers });
  expect(await editor.text()).toContain(fixture.postTitle);
  const comparison = await request.get(comparePath(), { headers });
  expect(await comparison.text()).toContain("Versão antiga de");
  const settings = await request.get("/admin/configuracoes", { headers });
  expect(await settings.text()).toContain("Salvar configurações");
  // Signed in, the sign-in page sends the admin on.
  const auth = await request.get("/auth", { headers, maxRedirects: 0 });
  expect(auth.status()).toBe(302);
  expect(new URL(auth.headers().location ?? "", "http://site.test").pathname).toBe("/admin");
});

test("a session past the 30-day maximum is refused even though it was used a minute ago", async ({
  request,
}) => {
  const token = await insertSession(handle.db, adminId, {
    createdAgoMs: 30 * DAY + 60 * 60_000,
    lastSeenAgoMs: 60_000,
    expiresInMs: 3 * DAY - 60_000,
    absoluteExpiresInMs: -60 * 60_000,
  });
  const headers = adminHeaders(token);
  await expectRefused(await request.get("/admin", { headers, maxRedirects: 0 }), "login");
  await expectSignInRequired(await request.get("/admin.data", { headers, maxRedirects: 0 }));
  await expectRefused(
    await request.post("/admin", {
      headers,
      form: { intent: "delete", id: fixture.postId },
      maxRedirects: 0,
    }),
    401,
  );
  await expectDatabaseUnchanged();
  expect(await sessionRowExists(handle.db, token)).toBe(false);
});

test("a session within both limits is accepted, and its idle expiry slides forward", async ({ request }) => {
  // An Editor's session: 3 days idle (an Administrador's ends after 12 hours, below).
  const token = await insertSession(handle.db, fixture.editorId, {
    createdAgoMs: 10 * DAY,
    lastSeenAgoMs: 2 * DAY,
    expiresInMs: DAY,
    absoluteExpiresInMs: 20 * DAY,
  });
  const response = await request.get("/admin", { headers: adminHeaders(token), maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const row = await handle.db
    .selectFrom("sessions")
    .select(["expires_at", "absolute_expires_at"])
    .where("user_id", "=", fixture.editorId)
    .where("id_hash", "=", sha256Hex(token))
    .executeTakeFirstOrThrow();
  const expires = new Date(row.expires_at).getTime();
  expect(expires).toBeGreaterThan(Date.now() + 3 * DAY - 5 * 60_000);
  expect(expires).toBeLessThanOrEqual(new Date(row.absolute_expires_at).getTime());
});

test("an Administrador's session last used 13 hours ago is over: sign-in again, and the row is gone", async ({
  request,
}) => {
  const token = await insertSession(handle.db, adminId, {
    createdAgoMs: DAY,
    lastSeenAgoMs: 13 * 60 * 60_000,
    expiresInMs: 2 * DAY,
  });
  await expectSignInRequired(await request.get("/admin", { headers: adminHeaders(token), maxRedirects: 0 }));
  expect(await sessionRowExists(handle.db, token)).toBe(false);
});

test("odd spellings of admin paths are refused too", async ({ request }) => {
  for (const path of ["/ADMIN", "/Admin/categorias", "/admin/", "/%61dmin"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(new URL(response.headers().location ?? "", "http://site.test").pathname, path).toBe("/auth");
  }
  for (const path of ["/ADMIN.data", "/Admin.data", "/ADMIN/categorias.data"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    await expectSignInRequired(response);
    expect(await response.text(), path).not.toContain(fixture.postTitle);
  }
  for (const path of ["/ADMIN", "/Admin", "/admin/", "/ADMIN.data"]) {
    const response = await request.post(path, {
      form: { intent: "delete", id: fixture.postId },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(401);
  }
  await expectDatabaseUnchanged();
});

test("odd spellings get the admin's HTTP rules too: no data, the sign-in gate, no-store, the admin's body limit", async ({
  request,
}) => {
  for (const path of ["/ADMIN/solicitacoes.csv", "/Admin/Solicitacoes.csv", "/Admin", "/ADMIN/categorias"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    await expectSignInRequired(response);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
    expect(response.headers()["content-type"] ?? "", path).not.toContain("text/csv");
    expect(await response.text(), path).not.toContain(fixture.postTitle);
  }
  // A body above the public 256 KB limit but within the admin's: the gate answers, not the limit.
  const response = await request.post("/ADMIN/categorias", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: `intent=create&name=${"a".repeat(300 * 1024)}`,
    maxRedirects: 0,
  });
  expect(response.status()).toBe(401);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  await expectDatabaseUnchanged();
});

test("the sign-in form refuses a foreign Origin (403) and starts no session", async ({ request }) => {
  const response = await request.post("/auth", {
    headers: { Origin: EVIL },
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(sidFromSetCookie(response)).toBeUndefined();
});

test("signing in again from a browser that holds a session ends that session", async ({ request }) => {
  const first = await signInOverHttp(request);
  const response = await request.post("/auth", {
    headers: adminHeaders(first),
    form: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const second = sidFromSetCookie(response) ?? "";
  expect(second).not.toBe("");
  expect(second).not.toBe(first);
  expect(await sessionRowExists(handle.db, first)).toBe(false);
  await expectRefused(
    await request.get("/admin", { headers: adminHeaders(first), maxRedirects: 0 }),
    "login",
  );
  const admin = await request.get("/admin", { headers: adminHeaders(second), maxRedirects: 0 });
  expect(admin.status()).toBe(200);
});

test("'Sair' deletes the session row on the server, clears the site's data, and only a same-site POST signs out", async ({
  request,
}) => {
  const token = await signInOverHttp(request);
  expect(await sessionRowExists(handle.db, token)).toBe(true);
  const headers = adminHeaders(token);

  // A GET (a link or an <img> on another site) does not sign out.
  const get = await request.get("/admin/sair", { headers, maxRedirects: 0 });
  expect(get.status()).toBe(302);
  expect(await sessionRowExists(handle.db, token)).toBe(true);

  const response = await request.post("/admin/sair", { headers, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(new URL(response.headers().location ?? "", "http://site.test").pathname).toBe("/");
  expect(sessionSetCookie(response)).toMatch(/^__Host-sid=;.*Max-Age=0/);
  expect(response.headers()["clear-site-data"]).toBe('"cache", "cookies", "storage"');
  expect(await sessionRowExists(handle.db, token)).toBe(false);

  await expectRefused(await request.get("/admin", { headers, maxRedirects: 0 }), "login");
  await expectSignInRequired(await request.get("/admin.data", { headers, maxRedirects: 0 }));

  // The admin's own button posts through React Router (/admin/sair.data): the same answer.
  const again = await signInOverHttp(request);
  const data = await request.post("/admin/sair.data", { headers: adminHeaders(again), maxRedirects: 0 });
  expect(singleFetchRedirect(await data.text())).toBe("/");
  expect(data.headers()["clear-site-data"]).toBe('"cache", "cookies", "storage"');
  expect(await sessionRowExists(handle.db, again)).toBe(false);
});

// ---- Sign-in rate limits (a server of its own: its counters are its own) ---------------------

test("sign-in limits: failures for an e-mail never lock its owner out; more than 20 attempts from one address get 429", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  // Behind a trusted proxy, so each attempt can say which client address it comes from.
  const site = await startDedicatedServer({ TRUST_PROXY: "1" });
  const api = await playwright.request.newContext({ baseURL: site.url });
  try {
    const attempt = (from: string, email: string, password: string) =>
      api.post("/auth", {
        headers: { "X-Forwarded-For": from, Origin: site.url },
        form: { email, password },
        maxRedirects: 0,
      });

    await test.step("six wrong passwords for the admin's e-mail, then the right one from elsewhere", async () => {
      const spellings = [E2E_ADMIN.email, E2E_ADMIN.email.toUpperCase(), ` ${E2E_ADMIN.email} `];
      for (let i = 0; i < 6; i++) {
        const response = await attempt("203.0.113.66", spellings[i % 3] ?? E2E_ADMIN.email, `errada-${i}`);
        expect(response.status(), `attempt ${i + 1}`).toBe(401);
      }
      const owner = await attempt("198.51.100.7", E2E_ADMIN.email, E2E_ADMIN.password);
      expect(owner.status()).toBe(302);
      expect(sidFromSetCookie(owner)).toBeTruthy();
      // Signed in, /auth would send every later attempt on to /admin.
      await api.clearCookies();
    });

    await test.step("more than 20 attempts from one address: 429, even with the right password", async () => {
      // The six above came from another address: this one starts from zero.
      for (let i = 0; i < 20; i++) {
        const response = await attempt("203.0.113.99", `desconhecido-${i}@exemplo.com.br`, "senha-errada");
        expect(response.status(), `attempt ${i + 1}`).toBe(401);
      }
      const locked = await attempt("203.0.113.99", E2E_ADMIN.email, E2E_ADMIN.password);
      expect(locked.status()).toBe(429);
      expect(await locked.text()).toContain(LOGIN_LOCKED_MESSAGE);
      expect(sidFromSetCookie(locked)).toBeUndefined();
      // Another address is not affected.
      const elsewhere = await attempt("198.51.100.8", E2E_ADMIN.email, E2E_ADMIN.password);
      expect(elsewhere.status()).toBe(302);
    });
  } finally {
    await api.dispose();
    await site.stop();
  }
});
