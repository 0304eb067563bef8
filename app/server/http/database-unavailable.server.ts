import type { SiteConfig } from "~/lib/company-settings";
import { contactTarget } from "~/lib/contact-taps";
import { escapeHtml } from "../email/lead-email.server";
import { isErrorPage } from "../platform/rendered-body.server";
import { companyDefaults } from "../settings/company-defaults.server";
import { siteSettings } from "../settings/site-settings.server";
import { databaseAnswers } from "./database-answers.server";

// What a visitor gets when a page could not be rendered because the database is away (a
// restart, an outage): 503 with a pt-BR page that says so and offers the phone and WhatsApp,
// instead of the generic error page. Pages already in the render cache are served as usual.

/** After a failed render: how long to wait for the database before blaming it. */
const UNAVAILABLE_CHECK_MS = 1_000;

/**
 * The outage page instead of a page that failed because the database is away. A quote request
 * whose page failed always gets it: the database may already be back by the time it is asked,
 * and the visitor must still be told the request was not sent and how to reach the company. (A
 * refusal the form itself answers, 503 with the values kept and its message, is a page, not a
 * failure.) Undefined when the page stands.
 */
export async function outageInstead(request: Request, answer: Response): Promise<Response | undefined> {
  const quoteFailed = isQuotePost(request) && isErrorPage(answer);
  if (answer.status >= 500 && (quoteFailed || !(await databaseAnswers(UNAVAILABLE_CHECK_MS)))) {
    return databaseUnavailablePage(request);
  }
  return undefined;
}

/** The company facts in force, or the environment's when even those cannot be read now. */
async function companyFacts(): Promise<SiteConfig> {
  try {
    return (await siteSettings()).site;
  } catch {
    return companyDefaults();
  }
}

/** A quote form sent to /contato. */
function isQuotePost(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname.replace(/\/+$/, "") === "/contato";
}

async function databaseUnavailablePage(request: Request): Promise<Response> {
  const site = await companyFacts();
  const quote = isQuotePost(request);
  const heading = quote ? "Seu pedido de orçamento não foi enviado" : "Site temporariamente indisponível";
  const lead = quote
    ? "Nosso sistema está fora do ar por alguns instantes e não conseguiu guardar o seu pedido. Tente enviar de novo em um minuto, ou fale conosco agora:"
    : "Nosso sistema está fora do ar por alguns instantes. Tente de novo em um minuto, ou fale conosco agora:";
  const html = `<!doctype html>
<html lang="pt-BR">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} | ${escapeHtml(site.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}a{color:#075985}li{margin:.5rem 0}</style>
<main>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(lead)}</p>
<ul>
<li>Telefone: <a href="${escapeHtml(contactTarget("telefone", site))}">${escapeHtml(site.phoneDisplay)}</a></li>
<li>WhatsApp: <a href="${escapeHtml(contactTarget("whatsapp", site))}" rel="noopener">Conversar pelo WhatsApp</a></li>
<li>E-mail: <a href="${escapeHtml(contactTarget("email", site))}">${escapeHtml(site.email)}</a></li>
</ul>
<p><a href="/">Voltar ao início</a></p>
</main>
</html>`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
  });
}
