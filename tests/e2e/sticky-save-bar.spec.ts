import { type Browser, expect, type Page, test } from "@playwright/test";
import { signInOverHttp } from "../support/admin-auth";
import { hydrated, newPage } from "../support/admin-page";
import { e2eBaseUrl } from "../support/e2e-env";

// The long admin forms keep their save button in view on a phone, as WordPress's editor does:
// the bar sticks to the bottom of the screen with CSS alone, so it holds without JavaScript.

const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const page = await newPage(browser, e2eBaseUrl, { viewport: PHONE, javaScriptEnabled });
  await signInOverHttp(page.request, { baseUrl: e2eBaseUrl });
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test(`Configurações on a phone${javaScriptEnabled ? "" : ", without JavaScript"}: 'Salvar' in view beside the phone field`, async ({
    browser,
  }) => {
    const page = await phonePage(browser, javaScriptEnabled);
    await page.goto("/admin/configuracoes");
    const phone = page.getByLabel("Telefone (como aparece no site)");
    await phone.scrollIntoViewIfNeeded();
    await expect(phone).toBeInViewport();
    await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeInViewport();
    // Further down the form too, and the form still ends with it in its place.
    await page.getByLabel("Domingo").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeInViewport();
    await page.getByLabel("E-mail para assuntos de privacidade").scrollIntoViewIfNeeded();
    await expect(page.getByRole("button", { name: "Salvar configurações" })).toBeInViewport();
    await page.context().close();
  });
}

test("Configurações on a phone: a refused save lands on the first invalid field, its message beside it", async ({
  browser,
}) => {
  const page = await phonePage(browser);
  await page.goto("/admin/configuracoes");
  await hydrated(page);
  const privacyEmail = page.getByLabel("E-mail para assuntos de privacidade");
  await privacyEmail.fill("não é e-mail");
  await page.getByLabel("Nome da empresa").scrollIntoViewIfNeeded();
  await expect(privacyEmail).not.toBeInViewport();
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(privacyEmail).toBeFocused();
  await expect(privacyEmail).toBeInViewport();
  await expect(privacyEmail).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Informe o e-mail para assuntos de privacidade")).toBeVisible();
  // Required fields carry the mark and the attribute.
  await expect(page.getByLabel("Nome da empresa")).toHaveAttribute("required", "");
  await page.context().close();
});

for (const [editor, path] of [
  ["post", "/admin/posts/novo"],
  ["work", "/admin/obras/nova"],
] as const) {
  test(`the ${editor} editor on a phone: 'Salvar' in view beside the title`, async ({ browser }) => {
    const page = await phonePage(browser);
    await page.goto(path);
    const title = page.getByRole("textbox", { name: "Título", exact: true });
    await title.scrollIntoViewIfNeeded();
    await expect(title).toBeInViewport();
    await expect(page.getByRole("button", { name: "Salvar", exact: true })).toBeInViewport();
    await page.context().close();
  });
}
