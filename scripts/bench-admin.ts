// The admin's lists at scale for `npm run bench`: 10,000 quote requests (with realistic
// messages, a notification e-mail each) and 10,000 audit entries next to the seeded posts,
// then /admin, /admin/auditoria and /admin/solicitacoes measured as the signed-in owner sees them, one request at a time: the
// first page, a page from the middle and a filtered search of each, the document (HTML with
// its data) and the client-side navigation's data request, each gzip-compressed as sent, and
// the server's own time per request from its access log.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema.ts";
import { type Bound, meetsBound } from "./bench/margins.ts";
import { percentile, sortedLatencies } from "./bench-load.ts";
import { type Fetched, fetchRaw, serverTimes } from "./bench-media.ts";

export const BENCH_LEAD_ROWS = 10_000;
const BATCH = 500;
const WARMUP_REQUESTS = 5;
const MEASURED_REQUESTS = 30;

/** The budgets of every admin list page: at most 100 KB gzip and a server p50 of 50 ms. */
export const ADMIN_LIST_TARGETS = { gzipKb: 100, serverP50Ms: 50 } as const;
/** The inbox's dashboard with its conversions over a year of visits: 100 KB gzip, p50 100 ms. */
export const DASHBOARD_TARGETS = { gzipKb: 100, serverP50Ms: 100 } as const;

const services = [
  "Restauração de Fachadas",
  "Impermeabilização",
  "Manutenção Preventiva",
  "Pintura Predial",
  "Inspeção Predial",
  "Outro",
];
const firstNames = [
  "Maria",
  "João",
  "Ana",
  "José",
  "Fernanda",
  "Carlos",
  "Patrícia",
  "Luís",
  "Conceição",
  "Márcio",
];
const lastNames = ["Silva", "Araújo", "Oliveira", "Conceição", "Pereira", "Gonçalves", "Souza", "Lima"];
const sentences = [
  "A fachada do bloco B está com pastilhas soltando perto das sacadas do oitavo andar.",
  "Temos infiltração na garagem do subsolo sempre que chove forte, principalmente na rampa.",
  "Gostaríamos de um orçamento para a pintura completa do prédio, com lavagem prévia.",
  "A laje de cobertura foi impermeabilizada há doze anos e já apresenta manchas no último andar.",
  "Precisamos do laudo de inspeção predial exigido pela prefeitura antes da assembleia de março.",
  "O reservatório superior tem vazamentos e a caixa d'água precisa de revisão.",
  "Há fissuras nas juntas de dilatação e o síndico anterior não deixou documentação.",
  "Podem fazer uma visita técnica na próxima semana, de preferência pela manhã?",
];
const statuses = [
  "novo",
  "em_contato",
  "visita_agendada",
  "proposta_enviada",
  "fechado_ganho",
  "perdido",
] as const;
/** Where requests came from: campaign tags, a referring site, or nothing (direct). */
const utmSources = ["google", "instagram", "newsletter", "facebook", null, null, null] as const;
const referrers = ["www.google.com", "www.bing.com", "l.instagram.com", null, null] as const;
const campaigns = ["verao", "fachadas-2026", "laudo-inspecao", null] as const;

/** A deterministic pseudo-random sequence (the same requests on every run). */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const lostReasons = ["preco", "prazo", "outra_empresa", "sem_retorno", "fora_da_area", "outro"] as const;

/**
 * Where a seeded request stands in the pipeline: answered within 0–48 hours unless still new,
 * a proposal value once proposed, a closed value when won, a reason when lost.
 */
function pipelineFields(status: (typeof statuses)[number], created: string, random: () => number) {
  const after = (hours: number) => new Date(Date.parse(created) + hours * 3_600_000).toISOString();
  const proposed = ["proposta_enviada", "fechado_ganho", "perdido"].includes(status);
  const proposal = proposed ? 500_000 + Math.floor(random() * 9_500_000) : null;
  return {
    status,
    first_response_at: status === "novo" ? null : after(random() * 48),
    stage_changed_at: status === "novo" ? created : after(48 + random() * 240),
    proposal_value_cents: proposal,
    closed_value_cents: status === "fechado_ganho" && proposal ? Math.round(proposal * 0.95) : null,
    lost_reason: status === "perdido" ? lostReasons[Math.floor(random() * lostReasons.length)] : null,
  };
}

/**
 * Insert `count` quote requests evenly over the last 24 months (one every ~1.75 hours at
 * 10,000), messages of one to twelve sentences (up to ~1 KB), each with its
 * notification e-mail already sent. Returns the time it took.
 */
export async function seedBenchLeads(db: Kysely<Database>, count: number): Promise<{ insertMs: number }> {
  const started = performance.now();
  const random = sequence(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const end = Date.now() - 3600_000;
  const span = 730 * 86_400_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const leads = [];
    const outbox = [];
    for (let n = offset; n < Math.min(count, offset + BATCH); n++) {
      const id = randomUUID();
      const created = new Date(end - span + Math.floor((span * n) / count)).toISOString();
      const name = `${pick(firstNames)} ${pick(lastNames)} ${pick(lastNames)}`;
      const message = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick(sentences)).join(" ");
      leads.push({
        id,
        name,
        email: `cliente-${n}@exemplo.com.br`,
        phone: `(41) 9${String(8000 + (n % 2000)).padStart(4, "0")}-${String(n % 10_000).padStart(4, "0")}`,
        condominium: `Condomínio Residencial ${pick(lastNames)} ${n % 300}`,
        service: pick(services),
        message,
        ...pipelineFields(pick(statuses), created, random),
        note: random() < 0.3 ? "Cliente pediu retorno por WhatsApp depois das 18h." : "",
        source_page: random() < 0.5 ? "/contato" : `/blog/post-${n % 200}`,
        utm_source: pick(utmSources),
        utm_medium: random() < 0.3 ? "cpc" : null,
        utm_campaign: pick(campaigns),
        source_referrer_host: pick(referrers),
        created_at: created,
        updated_at: created,
      });
      outbox.push({
        id: randomUUID(),
        kind: "lead-notification",
        lead_id: id,
        payload: JSON.stringify({ leadId: id }),
        attempts: 1,
        next_attempt_at: created,
        locked_until: null,
        last_error: null,
        sent_at: created,
        created_at: created,
      });
    }
    await db.insertInto("leads").values(leads).execute();
    await db.insertInto("outbox").values(outbox).execute();
  }
  return { insertMs: performance.now() - started };
}

export const BENCH_AUDIT_ROWS = 10_000;

const auditActions = [
  ["signin.success", null],
  ["post.update", "post"],
  ["post.publish", "post"],
  ["lead.view", "lead"],
  ["lead.update", "lead"],
  ["media.upload", "media"],
  ["settings.update", "settings"],
  ["signin.failure", "email"],
] as const;

/**
 * `count` audit entries evenly over the last 12 months (the retention), by two users, of the
 * kinds a working admin records most, each with a target and small details.
 */
export async function seedBenchAuditLog(db: Kysely<Database>, count: number): Promise<void> {
  const random = sequence(35);
  const users = await db.selectFrom("users").select(["id", "email"]).execute();
  const end = Date.now() - 60_000;
  const span = 364 * 86_400_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = [];
    for (let n = offset; n < Math.min(count, offset + BATCH); n++) {
      const [action, targetType] =
        auditActions[Math.floor(random() * auditActions.length)] ?? auditActions[0];
      const user = action === "signin.failure" ? null : (users[n % users.length] ?? null);
      rows.push({
        id: randomUUID(),
        at: new Date(end - span + Math.floor((span * n) / count)).toISOString(),
        user_id: user?.id ?? null,
        user_email: user?.email ?? null,
        action,
        target_type: targetType,
        target_id: targetType ? randomUUID() : null,
        target_label: targetType ? `${pick(firstNames, random)} ${pick(lastNames, random)} ${n}` : null,
        ip_address: `203.0.113.${n % 250}`,
        details: action.endsWith("update")
          ? JSON.stringify({ status: { before: "novo", after: "fechado_ganho" } })
          : null,
        subject:
          targetType === "lead" || targetType === "email" ? `cliente-${n % 5000}@exemplo.com.br` : null,
      });
    }
    await db.insertInto("audit_log").values(rows).execute();
  }
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Revisions the editor's bench post gets: the most a post keeps. */
export const BENCH_POST_REVISIONS = 50;

/**
 * Give the post with this slug BENCH_POST_REVISIONS revisions (its own fields, the content
 * growing a sentence a version), so the editor is measured with a full revisions list.
 * Returns the post's id.
 */
export async function seedBenchRevisions(
  db: Kysely<Database>,
  slug: string,
  authorId: string,
): Promise<string> {
  const post = await db
    .selectFrom("blog_posts")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  const start = Date.now() - BENCH_POST_REVISIONS * 3600_000;
  const revisions = Array.from({ length: BENCH_POST_REVISIONS }, (_, n) => ({
    id: randomUUID(),
    post_id: post.id,
    version: n + 1,
    kind: "save" as const,
    author_id: authorId,
    restored_from: null,
    created_at: new Date(start + n * 3600_000).toISOString(),
    title: post.title,
    excerpt: post.excerpt,
    content: `${post.content}<p>${sentences.slice(0, 1 + (n % sentences.length)).join(" ")}</p>`,
    category_id: post.category_id,
    status: post.status,
    featured: Boolean(post.featured),
    read_time: post.read_time,
    featured_image_url: post.featured_image_url,
    scheduled_at: post.scheduled_at,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    social_image_url: post.social_image_url,
    noindex: Boolean(post.noindex),
  }));
  await db.insertInto("post_revisions").values(revisions).execute();
  await db
    .updateTable("blog_posts")
    .set({ version: BENCH_POST_REVISIONS })
    .where("id", "=", post.id)
    .execute();
  return post.id;
}

export interface AdminListRow {
  case: string;
  path: string;
  /** "documento" (the HTML with its data) or "dados" (the client navigation's .data request). */
  kind: "documento" | "dados";
  requests: number;
  /** Rows the page lists (counted in the HTML; null for a data request). */
  rows: number | null;
  /** The server's time per request, from its access log. */
  serverP50Ms: number | null;
  serverP95Ms: number | null;
  clientP50Ms: number | null;
  decodedBytes: number;
  gzipBytes: number;
  /** Met when both bounds are (the gzip size, the server's p50). */
  target: { text: string; met: boolean; bounds: Bound[] };
}

interface ListCase {
  case: string;
  path: string;
  /** What one row of the list carries once in the HTML, to count the rows. */
  rowMarker: string;
  /** Text the page must show (the pagination's, so the right page is measured). */
  expect?: RegExp;
  /** Its own budget, when not a list's. */
  target?: { gzipKb: number; serverP50Ms: number };
}

/** GET `path` repeatedly (gzip only, as the budget counts it) and summarise. */
async function measure(
  baseUrl: string,
  cookie: string,
  logFile: string,
  headers: Record<string, string>,
  item: ListCase,
  kind: AdminListRow["kind"],
): Promise<AdminListRow & { html: string }> {
  const path = kind === "dados" ? dataPath(item.path) : item.path;
  const url = new URL(path, baseUrl).href;
  const ids = new Set<string>();
  const client: number[] = [];
  let last: Fetched | undefined;
  for (let i = 0; i < WARMUP_REQUESTS + MEASURED_REQUESTS; i++) {
    const requestId = `bench-admin-${randomUUID()}`;
    const fetched = await fetchRaw(url, {
      ...headers,
      "accept-encoding": "gzip",
      cookie,
      "x-request-id": requestId,
    });
    if (fetched.status !== 200) throw new Error(`${path}: HTTP ${fetched.status}`);
    if (i >= WARMUP_REQUESTS) {
      ids.add(requestId);
      client.push(fetched.ms);
    }
    last = fetched;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const server = sortedLatencies(serverTimes(logFile, ids));
  const html = last?.html ?? "";
  const gzipBytes = last?.wireBytes ?? 0;
  const serverP50Ms = percentile(server, 0.5);
  const { gzipKb, serverP50Ms: p50Target } = item.target ?? ADMIN_LIST_TARGETS;
  const name = `${item.case} (${kind})`;
  const bounds: Bound[] = [
    {
      target: name,
      measure: "gzip",
      value: gzipBytes / 1024,
      comparison: "≤",
      limit: gzipKb,
      unit: " KB",
      digits: 1,
    },
    {
      target: name,
      measure: "p50 servidor",
      value: serverP50Ms,
      comparison: "≤",
      limit: p50Target,
      unit: " ms",
      digits: 1,
    },
  ];
  return {
    case: item.case,
    path,
    kind,
    requests: MEASURED_REQUESTS,
    rows: kind === "documento" ? html.split(item.rowMarker).length - 1 : null,
    serverP50Ms,
    serverP95Ms: percentile(server, 0.95),
    clientP50Ms: percentile(sortedLatencies(client), 0.5),
    decodedBytes: Buffer.byteLength(html),
    gzipBytes,
    target: {
      text: `≤ ${gzipKb} KB gzip, p50 servidor ≤ ${p50Target} ms`,
      met: bounds.every(meetsBound),
      bounds,
    },
    html,
  };
}

/** React Router's data request for a page: /admin → /admin.data, /a?b → /a.data?b. */
function dataPath(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
}

/**
 * /admin and /admin/solicitacoes: first page, a middle page, a filtered search; then the editor
 * of a post with a full revisions list (`editorPostId`), the inbox's dashboard (its GROUP BY
 * figures over the last 12 weeks) and Início do painel; document and data.
 */
export async function measureAdminLists(
  baseUrl: string,
  cookie: string,
  logFile: string,
  headers: Record<string, string>,
  editorPostId: string,
): Promise<AdminListRow[]> {
  const lists = [
    {
      path: "/admin",
      rowMarker: 'aria-label="Editar ',
      search: "/admin?busca=impermeabilizacao&status=published&de=2020-01-01",
    },
    {
      path: "/admin/auditoria",
      rowMarker: "<tr data-action=",
      search: `/admin/auditoria?acao=lead&de=${new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10)}`,
    },
    {
      path: "/admin/solicitacoes",
      rowMarker: "Excluir solicitação de ",
      search: `/admin/solicitacoes?busca=infiltracao+na+garagem&servico=${encodeURIComponent("Impermeabilização")}&de=2024-01-01`,
    },
  ];
  const rows: AdminListRow[] = [];
  for (const list of lists) {
    const first = await fetchRaw(new URL(list.path, baseUrl).href, { ...headers, cookie });
    const pageCount = Number(/Página 1 de (\d+)/.exec(first.html)?.[1] ?? "1");
    const middle = Math.max(1, Math.ceil(pageCount / 2));
    const cases: ListCase[] = [
      { case: `${list.path} (página 1 de ${pageCount})`, path: list.path, rowMarker: list.rowMarker },
      {
        case: `${list.path} página ${middle}`,
        path: `${list.path}?pagina=${middle}`,
        rowMarker: list.rowMarker,
        expect: new RegExp(`Página ${middle} de ${pageCount}`),
      },
      { case: `${list.path} busca filtrada`, path: list.search, rowMarker: list.rowMarker },
    ];
    rows.push(...(await measureCases(baseUrl, cookie, logFile, headers, cases)));
  }
  const editor: ListCase = {
    case: `editor com ${BENCH_POST_REVISIONS} versões`,
    path: `/admin/posts/${editorPostId}`,
    // One row of the revisions list but the newest (the current one has no restore button).
    rowMarker: 'aria-label="Restaurar a versão ',
  };
  // The inbox's dashboard: the requests' last 12 weeks, then the conversions over a year of
  // visits (100 pages, 20 sources): the default 12 weeks, and the whole year.
  const dashboard: ListCase = {
    case: "/admin/solicitacoes/painel (12 semanas)",
    path: "/admin/solicitacoes/painel",
    rowMarker: 'role="img"',
    expect: /Visitas, solicitações e toques por semana/,
    target: DASHBOARD_TARGETS,
  };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const dashboardYear: ListCase = {
    case: "/admin/solicitacoes/painel (conversões de 1 ano)",
    path: `/admin/solicitacoes/painel?de=${yearAgo}&ate=${today}`,
    rowMarker: 'role="img"',
    expect: /Visitas, solicitações e toques por semana/,
    target: DASHBOARD_TARGETS,
  };
  // Início do painel: the oldest unanswered requests, the weeks, the posts in the works, the
  // health list and the latest activity, all over the same 10,000 requests and the posts.
  const home: ListCase = {
    case: "/admin/inicio (Início do painel)",
    path: "/admin/inicio",
    rowMarker: 'href="tel:+',
    expect: /Saúde do site/,
  };
  // The pipeline's board: six columns, a page of each, over the same 10,000 requests.
  const board: ListCase = {
    case: "/admin/solicitacoes/quadro (6 colunas)",
    path: "/admin/solicitacoes/quadro",
    rowMarker: 'id="cartao-',
    expect: /Quadro das solicitações/,
  };
  rows.push(
    ...(await measureCases(baseUrl, cookie, logFile, headers, [
      editor,
      dashboard,
      dashboardYear,
      board,
      home,
    ])),
  );
  return rows;
}

async function measureCases(
  baseUrl: string,
  cookie: string,
  logFile: string,
  headers: Record<string, string>,
  cases: ListCase[],
): Promise<AdminListRow[]> {
  const rows: AdminListRow[] = [];
  for (const item of cases) {
    for (const kind of ["documento", "dados"] as const) {
      const { html, ...row } = await measure(baseUrl, cookie, logFile, headers, item, kind);
      if (kind === "documento" && item.expect && !item.expect.test(html)) {
        throw new Error(`${item.path}: a página não mostra ${item.expect}`);
      }
      rows.push(row);
    }
  }
  return rows;
}
