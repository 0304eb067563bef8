// The signed-in admin for `npm run lighthouse`: the administrator its server creates at the
// first start (ADMIN_EMAIL/ADMIN_PASSWORD on an empty database), the sign-in over HTTP that gives
// Lighthouse its session cookie, and a few quote requests so the admin's lists are not empty.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../app/server/db/schema.ts";

/**
 * The administrator of the measured site. The password is new on every run (the database is
 * too): long and random, so the server's password policy takes it.
 */
export const LIGHTHOUSE_ADMIN = {
  email: "lighthouse@exemplo-condominio.com.br",
  password: randomBytes(24).toString("base64url"),
} as const;

/** What the server needs to create that administrator as it starts on an empty database. */
export const lighthouseAdminEnv = {
  ADMIN_EMAIL: LIGHTHOUSE_ADMIN.email,
  ADMIN_PASSWORD: LIGHTHOUSE_ADMIN.password,
};

/** An admin path, measured signed in and judged by the admin's budget. */
export function isAdminPath(page: string): boolean {
  const { pathname } = new URL(page, "http://site.invalid");
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** A request to the measured site, as it answers (redirects not followed). */
export type SiteRequest = (
  pathname: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;

/** The session cookie's name: `__Host-sid` on a site whose PUBLIC_URL is https, else `sid`. */
export function sessionCookieName(publicUrl: string): string {
  return publicUrl.startsWith("https:") ? "__Host-sid" : "sid";
}

/**
 * Sign in through the real form endpoint, as the browser's form posts it (with its Origin), and
 * check that the session opens the admin. Returns the Cookie header value for Lighthouse.
 */
export async function signIn(request: SiteRequest, publicUrl: string): Promise<string> {
  const name = sessionCookieName(publicUrl);
  const answer = await request("/auth", {
    method: "POST",
    headers: {
      Origin: new URL(publicUrl).origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      email: LIGHTHOUSE_ADMIN.email,
      password: LIGHTHOUSE_ADMIN.password,
    }).toString(),
  });
  const setCookies = [answer.headers["set-cookie"] ?? []].flat();
  const session = setCookies.find((line) => line.startsWith(`${name}=`))?.split(";")[0];
  if (answer.status !== 302 || !session || session === `${name}=`) {
    throw new Error(
      `a entrada no painel falhou: HTTP ${answer.status}, cookies [${setCookies.map((c) => c.split("=")[0]).join(", ")}], ` +
        `esperado ${name}: ${answer.text.replace(/\s+/g, " ").slice(0, 200)}`,
    );
  }
  const check = await request("/admin/inicio", { headers: { Cookie: session } });
  if (check.status !== 200) {
    throw new Error(
      `a sessão não abre o painel: GET /admin/inicio respondeu ${check.status} ${String(check.headers.location ?? "")}`,
    );
  }
  return session;
}

const leadTemplates = [
  ["Maria Conceição Araújo", "Restauração de Fachadas", "novo"],
  ["João Pereira Lima", "Impermeabilização", "novo"],
  ["Fernanda Gonçalves", "Inspeção Predial", "novo"],
  ["Carlos Souza Silva", "Pintura Predial", "em_contato"],
  ["Patrícia Oliveira", "Manutenção Preventiva", "orcamento_enviado"],
  ["Luís Araújo Pereira", "Restauração de Fachadas", "fechado"],
  ["Ana Lima Souza", "Impermeabilização", "descartado"],
  ["Márcio Silva Gonçalves", "Outro", "novo"],
  ["José Oliveira Araújo", "Pintura Predial", "em_contato"],
  ["Conceição Pereira", "Inspeção Predial", "novo"],
  ["Ricardo Souza Lima", "Restauração de Fachadas", "orcamento_enviado"],
  ["Beatriz Gonçalves Silva", "Manutenção Preventiva", "novo"],
] as const;
const messages = [
  "Pastilhas soltando na fachada do bloco B, perto das sacadas do 8º andar.",
  "Infiltração na garagem do subsolo sempre que chove forte, principalmente na rampa.",
  "Precisamos do laudo de inspeção predial antes da assembleia de março.",
  "Orçamento para a pintura completa do prédio, com lavagem prévia.",
  "Plano de manutenção para um condomínio de 3 torres, 12 andares cada.",
  "Fissuras nas juntas de dilatação; o síndico anterior não deixou documentação.",
  "A laje de cobertura foi impermeabilizada há doze anos e tem manchas no último andar.",
  "O reservatório superior tem vazamentos e a caixa d'água precisa de revisão.",
  "Podem fazer uma visita técnica na próxima semana, de preferência pela manhã?",
  "Vistoria do sistema de para-raios e da casa de máquinas dos elevadores.",
  "Revestimento cerâmico com som cavo em toda a empena leste.",
  "Queremos um cronograma anual conforme a NBR 5674 para apresentar aos condôminos.",
];

export const ADMIN_LEAD_ROWS = leadTemplates.length;

/**
 * A dozen quote requests over the last three weeks, of every status, some with campaign tags:
 * what /admin/solicitacoes and Início list on a site in use.
 */
export async function seedAdminLeads(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const rows = leadTemplates.map(([name, service, status], n) => {
    const created = new Date(now - (n * 42 + 3) * 3_600_000).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(n + 1).padStart(12, "0")}`,
      name,
      email: `cliente-${n + 1}@exemplo.com.br`,
      phone: `(41) 9${8100 + n}-${String(1000 + n * 37).padStart(4, "0")}`,
      condominium: `Condomínio Residencial ${name.split(" ")[1]} ${n + 1}`,
      service,
      message: messages[n] ?? "",
      status,
      note: status === "em_contato" ? "Cliente pediu retorno por WhatsApp depois das 18h." : "",
      source_page: n % 2 ? "/contato" : "/blog/plano-de-manutencao-nbr-5674",
      utm_source: n % 3 === 0 ? "google" : null,
      utm_medium: n % 3 === 0 ? "cpc" : null,
      utm_campaign: n % 3 === 0 ? "fachadas-2026" : null,
      source_referrer_host: n % 3 === 1 ? "www.google.com" : null,
      created_at: created,
      updated_at: created,
    };
  });
  await db.insertInto("leads").values(rows).execute();
}
