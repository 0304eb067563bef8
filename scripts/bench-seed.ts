// Synthetic blog content for `npm run bench`: thousands of published posts that look like the
// real ones (Portuguese titles, excerpt, ~3 KB of <h2>/<p>/<ul> content, dates over several
// years), so list, article and sitemap queries run against a realistic table size.
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { BlogPostsTable, Database } from "../app/server/db/schema.ts";

export interface BenchCategory {
  id: string;
  name: string;
  slug: string;
}

export interface BenchSeedOptions {
  count: number;
  /** Rows per INSERT; 500 × 14 columns stays far below both engines' bind-parameter limits. */
  batchSize: number;
  /** How far back published_at goes. */
  years: number;
}

export interface BenchSeedResult {
  inserted: number;
  featured: number;
  /** A post from the middle of the date range: the article the benchmark requests. */
  samplePost: { slug: string; title: string };
  averageContentBytes: number;
  generateMs: number;
  insertMs: number;
}

// Subjects per demo category; any other category falls back to its own name.
const subjectsByCategory: Record<string, string[]> = {
  impermeabilizacao: [
    "lajes de cobertura",
    "terraços",
    "reservatórios",
    "jardineiras",
    "piscinas",
    "lajes de garagem",
    "marquises",
    "calhas e rufos",
  ],
  fachadas: [
    "revestimentos cerâmicos",
    "pastilhas de fachada",
    "juntas de movimentação",
    "pintura externa",
    "fachadas de concreto aparente",
    "selantes de esquadrias",
    "fissuras em fachadas",
    "platibandas",
  ],
  "manutencao-preventiva": [
    "sistemas de drenagem",
    "bombas de recalque",
    "para-raios",
    "portões automáticos",
    "extintores e hidrantes",
    "barriletes",
    "caixas de gordura",
    "iluminação de emergência",
  ],
  "normas-e-inspecoes": [
    "inspeção predial",
    "laudo de estabilidade",
    "NBR 5674",
    "NBR 16747",
    "vistoria de fachadas",
    "manual do proprietário",
    "ART de manutenção",
    "auto de vistoria do corpo de bombeiros",
  ],
  "gestao-de-condominios": [
    "previsão orçamentária",
    "fundo de reserva",
    "assembleias de obra",
    "contratação de empresas",
    "cronograma de manutenção",
    "comunicação com moradores",
    "seguro do condomínio",
    "prestação de contas",
  ],
};

// No &, <, >, quotes or apostrophes: the benchmark looks for the title verbatim in the
// rendered HTML, and React would escape those characters.
const titleTemplates: Array<(subject: string) => string> = [
  (s) => `Como planejar a manutenção de ${s} no condomínio`,
  (s) => `Checklist para vistoriar ${s} antes da temporada de chuvas`,
  (s) => `${capitalize(s)}: sinais de que é hora de intervir`,
  (s) => `Quanto dura a intervenção em ${s} e como prolongar a vida útil`,
  (s) => `Erros comuns em obras de ${s} e como evitá-los`,
  (s) => `O que o síndico precisa saber sobre ${s}`,
  (s) => `${capitalize(s)} em Curitiba: cuidados com o clima úmido`,
  (s) => `Orçamento de ${s}: o que comparar entre as propostas`,
];

const sectionHeadings: Array<(subject: string) => string> = [
  (s) => `Por que ${s} merecem atenção`,
  () => "Sinais de alerta no dia a dia",
  () => "O que a norma técnica recomenda",
  () => "Como planejar a intervenção",
  () => "Cuidados durante a obra",
  () => "Manutenção depois da entrega",
  () => "Como comunicar os moradores",
];

const paragraphs: Array<(subject: string) => string> = [
  (s) =>
    `Em condomínios, ${s} costumam ficar fora do radar até que um problema apareça. Quando a falha finalmente se manifesta, em geral já houve meses de degradação silenciosa, e o custo da correção é várias vezes maior do que o de uma intervenção planejada com antecedência.`,
  () =>
    "Em Curitiba, a chuva é frequente ao longo de todo o ano e a umidade do ar costuma ser alta. Isso alonga os tempos de secagem, favorece o aparecimento de fungos e exige um cronograma com folga, sobretudo entre dezembro e março, quando os temporais de fim de tarde são mais intensos.",
  (s) =>
    `Antes de pedir orçamentos para ${s}, vale reunir o manual de uso, operação e manutenção do edifício, os laudos anteriores e o histórico de reclamações dos moradores. Essas informações ajudam a equipe técnica a separar o que é urgente do que pode entrar na previsão orçamentária do ano seguinte.`,
  () =>
    "A ABNT NBR 5674 organiza a gestão da manutenção em edificações e pede que o condomínio mantenha um programa com periodicidade, responsáveis e registros. Na prática, isso significa guardar notas, relatórios e fotos de cada intervenção, o que também protege o síndico em eventuais questionamentos.",
  (s) =>
    `Nem toda mancha ou fissura indica um problema grave. Um diagnóstico bem feito distingue defeitos localizados, que podem ser tratados pontualmente, de falhas generalizadas em ${s}, que pedem um projeto e uma obra maior. Trocar tudo sem diagnóstico é um dos erros mais caros que um condomínio pode cometer.`,
  () =>
    "Durante a obra, combine com a empresa contratada um canal único de comunicação, um diário de obra atualizado e vistorias periódicas do síndico ou do conselho. Avisos claros no elevador e no grupo dos moradores reduzem reclamações e ajudam a organizar o uso das áreas comuns.",
  () =>
    "Depois da entrega, o trabalho não termina. Inspeções visuais periódicas, limpeza de ralos e calhas e o registro de qualquer alteração percebida pelos moradores prolongam a vida útil do serviço e mantêm a garantia válida, já que muitos fabricantes exigem comprovação de manutenção.",
  (s) =>
    `Ao comparar propostas para ${s}, olhe além do preço por metro quadrado: confira o sistema especificado, as etapas incluídas, o prazo, a garantia oferecida, a responsabilidade técnica e as referências de obras semelhantes executadas pela empresa nos últimos anos.`,
];

const listItems: string[] = [
  "limpeza de ralos, grelhas e calhas, com reforço antes da temporada de chuvas;",
  "registro com fotos de manchas, fissuras e placas soltas, com data e local;",
  "inspeção de rodapés, rufos, selantes e pontos singulares;",
  "verificação dos extravasores e das tampas dos reservatórios;",
  "proibição de perfurações sem avaliação técnica prévia;",
  "conferência da ART e do seguro da empresa contratada;",
  "isolamento imediato de áreas com risco de queda de material;",
  "atualização do plano de manutenção e da previsão orçamentária.",
];

const illustrations = [
  "/illustrations/servico-impermeabilizacao.svg",
  "/illustrations/servico-restauracao-fachadas.svg",
  "/illustrations/servico-lavagem-fachadas.svg",
  "/illustrations/servico-pintura-areas-comuns.svg",
  "/illustrations/obra-03.svg",
  "/illustrations/obra-06.svg",
];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Small seeded PRNG (mulberry32): every run generates the same posts, so runs compare. */
function randomGenerator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick() from an empty list");
  return item;
}

function articleHtml(random: () => number, subject: string): string {
  const parts: string[] = [];
  let length = 0;
  const add = (html: string) => {
    parts.push(html);
    length += html.length + 1;
  };
  add(`<p>${pick(random, paragraphs)(subject)}</p>`);
  let section = Math.floor(random() * sectionHeadings.length);
  // Sections until about 3 KB (characters ≈ bytes in Portuguese), like a medium-sized real article.
  while (length < 2900) {
    const heading = sectionHeadings[section++ % sectionHeadings.length];
    if (!heading) break;
    add(`\n<h2>${heading(subject)}</h2>`);
    add(`<p>${pick(random, paragraphs)(subject)}</p>`);
    if (random() < 0.5) {
      const start = Math.floor(random() * listItems.length);
      const items = [0, 1, 2].map((i) => `<li>${listItems[(start + i) % listItems.length]}</li>`);
      add(`<ul>\n${items.join("\n")}\n</ul>`);
    } else {
      add(`<p>${pick(random, paragraphs)(subject)}</p>`);
    }
  }
  parts.push('<p>Para avaliar a situação do seu prédio, <a href="/contato">fale com nossa equipe</a>.</p>');
  return parts.join("\n");
}

/**
 * Insert `count` published posts spread over `categories`, `batchSize` rows per INSERT, all in
 * one transaction: one commit instead of thousands keeps seeding to seconds on both engines.
 */
export async function seedBenchPosts(
  db: Kysely<Database>,
  categories: readonly BenchCategory[],
  options: BenchSeedOptions,
): Promise<BenchSeedResult> {
  if (categories.length === 0) throw new Error("o banco não tem categorias para distribuir os artigos");
  const generateStart = performance.now();
  const random = randomGenerator(20_250_101);
  const newest = Date.now() - 24 * 3600_000;
  const span = options.years * 365 * 24 * 3600_000;
  const rows: Insertable<BlogPostsTable>[] = [];
  let contentBytes = 0;
  let featured = 0;

  for (let i = 0; i < options.count; i++) {
    const category = categories[i % categories.length] as BenchCategory;
    const subject = pick(random, subjectsByCategory[category.slug] ?? [category.name.toLowerCase()]);
    const title = pick(random, titleTemplates)(subject);
    const content = articleHtml(random, subject);
    // Counting spaces approximates words well enough for a read time, at a fraction of the cost
    // of stripping tags first (that was half the generation time).
    const words = content.split(" ").length;
    // Evenly spread from oldest to newest, jittered by up to a day so dates do not tie.
    const published = newest - span + (span * i) / options.count + random() * 24 * 3600_000;
    const publishedAt = new Date(Math.min(published, newest)).toISOString();
    const isFeatured = random() < 0.02;
    if (isFeatured) featured++;
    contentBytes += Buffer.byteLength(content);
    rows.push({
      id: randomUUID(),
      title,
      // The index suffix keeps slugs distinct although titles repeat.
      slug: `${slugify(title)}-${i + 1}`,
      excerpt: `Orientações práticas sobre ${subject} em condomínios: o que observar, quando chamar a equipe técnica e como planejar a intervenção sem surpresas no orçamento.`,
      content,
      category_id: category.id,
      status: "published",
      featured: isFeatured,
      read_time: Math.max(1, Math.round(words / 200)),
      author_id: null,
      published_at: publishedAt,
      featured_image_url: random() < 0.35 ? pick(random, illustrations) : null,
      created_at: new Date(Date.parse(publishedAt) - 3 * 24 * 3600_000).toISOString(),
      updated_at:
        random() < 0.2
          ? new Date(Math.min(published + 30 * 24 * 3600_000, newest)).toISOString()
          : publishedAt,
    });
  }
  const generateMs = performance.now() - generateStart;

  const insertStart = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += options.batchSize) {
      await trx
        .insertInto("blog_posts")
        .values(rows.slice(start, start + options.batchSize))
        .execute();
    }
  });
  const insertMs = performance.now() - insertStart;

  const sample = rows[Math.floor(rows.length / 2)];
  if (!sample) throw new Error("nenhum artigo gerado");
  return {
    inserted: rows.length,
    featured,
    samplePost: { slug: sample.slug, title: sample.title },
    averageContentBytes: Math.round(contentBytes / rows.length),
    generateMs,
    insertMs,
  };
}
