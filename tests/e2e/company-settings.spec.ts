import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { databaseConfigFromEnv } from "~/server/db/config.server";
import { type DatabaseHandle, openDatabase } from "~/server/db/connection.server";
import { type DedicatedServer, signInOverHttp, startDedicatedServer } from "../support/admin-auth";
import { seriousAxeViolations } from "../support/axe";
import { expectContactLink } from "../support/contact-links";
import { whatsappHref } from "../support/pages";
import { cachedPage } from "../support/render-cache";

// The owner changes the company facts in /admin/configuracoes and every public page shows them
// on the very next request, pages already in the render cache included. These tests change
// what every page shows, so they run on a server and database of their own, one after another.

test.describe.configure({ mode: "serial", timeout: 120_000 });

let site: DedicatedServer;
let handle: DatabaseHandle;
let visitor: APIRequestContext;

test.beforeAll(async () => {
  site = await startDedicatedServer();
  handle = await openDatabase(databaseConfigFromEnv(site.databaseEnv));
  visitor = await playwrightRequest.newContext({ baseURL: site.url });
});

test.afterAll(async () => {
  await visitor?.dispose();
  await handle?.close();
  await site?.stop();
});

const OLD_WHATSAPP = "5541998765432";
const NEW_WHATSAPP = "5541912345678";
const INSTAGRAM = "https://www.instagram.com/alvorada.engenharia";

/** Fetch as an anonymous visitor until the page is served from the cache; its HTML. */
async function cached(path: string): Promise<string> {
  return (await cachedPage(visitor, path)).text();
}

/** The stored settings row (undefined before the first save). */
async function storedSettings(): Promise<string | undefined> {
  const row = await handle.db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", "company")
    .executeTakeFirst();
  return row?.value;
}

async function openSettings(page: Page): Promise<void> {
  await signInOverHttp(page.request, { baseUrl: site.url });
  await page.goto(`${site.url}/admin/configuracoes`);
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
}

/** Every field of the settings form as the page fills it in. */
async function formValues(page: Page): Promise<Record<string, string>> {
  return settingsForm(page).evaluate((form) => {
    const values: Record<string, string> = {};
    for (const [name, value] of new FormData(form as HTMLFormElement)) values[name] = String(value);
    return values;
  });
}

function settingsForm(page: Page) {
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Salvar configurações" }) });
}

function notifications(page: Page) {
  return page.getByRole("region", { name: "Notificações" });
}

async function visitorPage(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}${path}`);
  return page;
}

async function businessJsonLd(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
}

test("changing the WhatsApp number and the hours shows on cached pages at the very next request", async ({
  page,
  browser,
}) => {
  const pages = ["/", "/contato", "/servicos", "/politica-de-privacidade"];
  await test.step("the pages are in the render cache with the default facts", async () => {
    for (const path of pages) {
      const html = await cached(path);
      expect(html).toContain(`https://wa.me/${OLD_WHATSAPP}`);
      expect(html).not.toContain(NEW_WHATSAPP);
    }
  });

  await test.step("the owner saves a new WhatsApp number, hours and privacy contact", async () => {
    await openSettings(page);
    const form = settingsForm(page);
    // The demo's WhatsApp is its phone: typed once, the WhatsApp field stays empty.
    await expect(form.getByLabel("Telefone (como aparece no site)")).toHaveValue("(41) 99876-5432");
    await expect(form.getByLabel("WhatsApp, se for outro número")).toHaveValue("");
    await expect(form.getByLabel("Segunda")).toHaveValue("08:00-18:00");
    await form.getByLabel("WhatsApp, se for outro número").fill(NEW_WHATSAPP);
    // The demo's CNPJ is left as it is (its check digits are not valid, and that must not stop the owner).
    await form.getByLabel("Sábado").fill("");
    await form.getByLabel("Domingo").fill("9h às 13h");
    await form.getByLabel("Instagram").fill(INSTAGRAM);
    await form.getByLabel("Nome do responsável").fill("Marina Duarte");
    await form
      .getByLabel("E-mail para assuntos de privacidade")
      .fill("privacidade@exemplo-condominio.com.br");
    await form.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(
      notifications(page).getByRole("status").filter({ hasText: "Configurações salvas!" }),
    ).toBeVisible();
    // The form shows what was stored.
    await expect(form.getByLabel("Domingo")).toHaveValue("09:00-13:00");
  });

  await test.step("the very next request of each cached page shows the new facts", async () => {
    for (const path of pages) {
      const response = await visitor.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()["x-render-cache"], path).toBe("miss");
      const html = await response.text();
      expect(html, path).toContain(`https://wa.me/${NEW_WHATSAPP}`);
      expect(html, path).not.toContain(`wa.me/${OLD_WHATSAPP}`);
    }
  });

  await test.step("header, footer, chat button and JSON-LD, as a visitor's browser shows them", async () => {
    const home = await visitorPage(browser, "/");
    const newHref = whatsappHref.replace(OLD_WHATSAPP, NEW_WHATSAPP);
    // The links lead to the new number at once, the tap counted beside them.
    await expectContactLink(
      home.getByRole("banner").getByRole("link", { name: "(41) 99876-5432", exact: true }),
      "whatsapp",
      "/",
      newHref,
    );
    const footer = home.getByRole("contentinfo");
    await expectContactLink(
      footer.getByRole("link", { name: "(41) 99876-5432", exact: true }),
      "whatsapp",
      "/",
      newHref,
    );
    await expect(footer).toContainText("Segunda a sexta: 8h às 18h");
    await expect(footer).toContainText("Domingo: 9h às 13h");
    await expect(footer).not.toContainText("Sábado");
    await expectContactLink(
      home.getByRole("link", { name: "Conversar pelo WhatsApp" }),
      "whatsapp",
      "/",
      newHref,
    );
    await expect(footer.getByRole("list", { name: "Redes sociais" }).getByRole("link")).toHaveAttribute(
      "href",
      INSTAGRAM,
    );

    const business = await businessJsonLd(home);
    expect(business.contactPoint).toMatchObject({
      telephone: `+${NEW_WHATSAPP}`,
      url: `https://wa.me/${NEW_WHATSAPP}`,
    });
    expect(business.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:00",
        closes: "18:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Sunday"], opens: "09:00", closes: "13:00" },
    ]);

    expect(business.sameAs).toEqual([INSTAGRAM]);
    for (const colorScheme of ["light", "dark"] as const) {
      await home.emulateMedia({ colorScheme });
      expect(await seriousAxeViolations(home), colorScheme).toEqual([]);
    }

    const contact = await visitorPage(browser, "/contato");
    await expect(contact.getByText("Atendimento de segunda a domingo")).toBeVisible();
    for (const link of await contact.getByRole("link", { name: "(41) 99876-5432", exact: true }).all()) {
      await expectContactLink(link, "whatsapp", "/contato", newHref);
    }
    // "Ligar" calls the phone, which did not change, not the new WhatsApp number.
    for (const call of await contact.getByRole("link", { name: "Ligar para (41) 99876-5432" }).all()) {
      await expectContactLink(call, "telefone", "/contato");
    }
    expect(await contact.getByRole("link", { name: "Ligar para (41) 99876-5432" }).count()).toBe(3);

    const privacy = await visitorPage(browser, "/politica-de-privacidade");
    await expect(privacy.getByRole("main")).toContainText(
      "fale com a pessoa encarregada do tratamento de dados pessoais, Marina Duarte, pelo e-mail privacidade@exemplo-condominio.com.br.",
    );
    await expect(
      privacy.getByRole("link", { name: "privacidade@exemplo-condominio.com.br" }).first(),
    ).toHaveAttribute("href", "mailto:privacidade@exemplo-condominio.com.br");
  });
});

const badInputs: Array<[field: string, value: string, message: string]> = [
  [
    "phoneDisplay",
    "(41) 9999",
    "Informe o telefone com DDD, como (41) 99876-5432 (de outro país, com + e o código dele).",
  ],
  [
    "whatsappDigits",
    "41 9abc-5432",
    "Informe o número do WhatsApp com DDD, como (41) 99876-5432, ou deixe vazio para usar o telefone.",
  ],
  ["postalCode", "82305", "Informe o CEP no formato 00000-000."],
  ["email", "contato@@empresa", "Informe um e-mail válido, como contato@empresa.com.br."],
  [
    "facebook",
    "facebook.com/alvorada",
    "Informe o endereço completo, começando com https://, como https://www.facebook.com/empresa. Deixe vazio se a empresa não tem.",
  ],
  [
    "cnpj",
    "11.222.333/0001-80",
    "Informe um CNPJ válido, como 11.222.333/0001-81 (confira os dígitos verificadores).",
  ],
  ["name", "A".repeat(10_000), "O nome pode ter no máximo 120 caracteres."],
  ["whatsappMessage", "Olá ".repeat(2_500), "A mensagem pode ter no máximo 300 caracteres."],
  ["quoteRecipients", "a@b.com\n".repeat(1_250), "A lista pode ter no máximo 2.000 caracteres."],
];

test("bad input gets a pt-BR message and 400, and nothing is saved", async ({ page }) => {
  await openSettings(page);
  const valid = await formValues(page);
  expect(valid.whatsappDigits).toBe(NEW_WHATSAPP);
  const before = await storedSettings();
  expect(before).toContain(NEW_WHATSAPP);

  for (const [field, value, message] of badInputs) {
    // Several fields wrong at once, one of them this one: nothing of the post may stick.
    const response = await page.request.post(`${site.url}/admin/configuracoes`, {
      headers: { Origin: site.url },
      form: {
        ...valid,
        whatsappDigits: field === "whatsappDigits" ? value : "5541900000000",
        [field]: value,
      },
      maxRedirects: 0,
    });
    expect(response.status(), field).toBe(400);
    const html = await response.text();
    expect(html, field).toContain(message);
    expect(await storedSettings(), field).toBe(before);
  }
  const unreadable = await page.request.post(`${site.url}/admin/configuracoes`, {
    headers: { Origin: site.url, "Content-Type": "multipart/form-data; boundary=x" },
    data: "--x\r\nnada",
    maxRedirects: 0,
  });
  expect(unreadable.status()).toBe(400);
  expect(await storedSettings()).toBe(before);

  await test.step("in the browser, the message stands beside its field and the page stays accessible", async () => {
    const form = settingsForm(page);
    await form.getByLabel("CEP").fill("8230-5100");
    await form.getByLabel("Instagram").fill("http://instagram.com/alvorada");
    await form.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(form.getByLabel("CEP")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Informe o CEP no formato 00000-000.")).toBeVisible();
    await expect(form.getByLabel("CEP")).toHaveAccessibleDescription(/Informe o CEP no formato 00000-000\./);
    await expect(form.getByLabel("Instagram")).toHaveAccessibleDescription(/começando com https:\/\//);
    await expect(form.getByLabel("CEP")).toHaveValue("8230-5100");
    await expect(notifications(page).getByRole("alert")).toContainText("Nada foi salvo.");
    expect(await storedSettings()).toBe(before);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
    }
  });
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`/admin/configuracoes in ${colorScheme} mode has no serious or critical axe violation`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await openSettings(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test("a WhatsApp number that is a fixed line is saved with a warning that WhatsApp needs a mobile", async ({
  page,
}) => {
  await openSettings(page);
  const form = settingsForm(page);
  await form.getByLabel("WhatsApp, se for outro número").fill("(41) 3333-4444");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  const warning =
    "O número do WhatsApp parece ser de telefone fixo. O WhatsApp precisa de um celular ou de um número do WhatsApp Business: confira se os visitantes conseguem conversar com ele.";
  await expect(
    notifications(page).getByRole("status").filter({ hasText: "Configurações salvas!" }),
  ).toContainText(warning);
  // It stays beside the field while the number is a fixed line, for whoever opens the page next.
  await page.reload();
  await expect(page.locator("#aviso-whatsapp")).toHaveText(warning);
  await form.getByLabel("WhatsApp, se for outro número").fill("(41) 99876-5432");
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(
    notifications(page).getByRole("status").filter({ hasText: "Configurações salvas!" }),
  ).toBeVisible();
  await expect(page.locator("#aviso-whatsapp")).toHaveCount(0);
});
