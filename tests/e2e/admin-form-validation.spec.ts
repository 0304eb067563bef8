import { expect, type Page, test } from "@playwright/test";
import { signInOverHttp } from "../support/admin-auth";
import { hydrated } from "../support/admin-page";
import { e2eOnPostgres, SAME_ON_BOTH_ENGINES } from "../support/e2e-env";

// The short admin forms whose schema lives in app/lib (the invitation, a new redirect, a new
// category) check it in the browser too: with JavaScript a bad value is refused as the field
// is left, with the server's own pt-BR message at the field, and a submit sends nothing;
// without JavaScript the server refuses it with the same message at the field and the value
// typed back in. Each bad value passes the browser's own checks (required, type="email"), so
// without JavaScript it does reach the server.

interface BadValue {
  screen: string;
  /** The region the form is in (its heading). */
  region: string;
  field: string;
  value: string;
  /** Fields the form also needs, filled with good values. */
  others?: Record<string, string>;
  submit: string;
  message: string;
}

const BAD_VALUES: BadValue[] = [
  {
    screen: "/admin/usuarios",
    region: "Convidar pessoa",
    field: "E-mail",
    value: "ana@exemplo",
    submit: "Enviar convite",
    message: "Informe um e-mail válido.",
  },
  {
    screen: "/admin/redirecionamentos",
    region: "Novo redirecionamento",
    field: "De (endereço antigo)",
    value: "2019/05/minha-obra",
    others: { "Para (endereço deste site)": "/obras" },
    submit: "Adicionar",
    message: 'O endereço de origem deve começar com "/" (por exemplo /2019/05/minha-obra/).',
  },
  {
    screen: "/admin/categorias",
    region: "Nova categoria",
    field: "Nome",
    value: "   ",
    submit: "Adicionar",
    message: "Informe o nome da categoria.",
  },
];

async function openForm(page: Page, bad: BadValue) {
  await signInOverHttp(page.request);
  await page.goto(bad.screen);
  const form = page.getByRole("region", { name: bad.region });
  for (const [label, value] of Object.entries(bad.others ?? {})) await form.getByLabel(label).fill(value);
  return form;
}

test.describe("with JavaScript", () => {
  // Browser behaviour: the store is not reached at all.
  test.skip(e2eOnPostgres, SAME_ON_BOTH_ENGINES);

  for (const bad of BAD_VALUES) {
    test(`${bad.screen}: "${bad.field}" is refused at blur with the server's message, and a submit sends nothing`, async ({
      page,
    }) => {
      const form = await openForm(page, bad);
      await hydrated(page);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() !== "GET") posts.push(request.url());
      });
      const field = form.getByLabel(bad.field);
      await field.fill(bad.value);
      await field.blur();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(bad.message);
      await expect(field).toBeVisible();

      await form.getByRole("button", { name: bad.submit }).click();
      // The refusal takes the focus to the field; the page has had time to send, and did not.
      await expect(field).toBeFocused();
      await expect(field).toHaveAccessibleDescription(bad.message);
      await page.waitForTimeout(500);
      expect(posts).toEqual([]);

      // Typing a good value clears the message as it is typed.
      if (bad.field === "E-mail") {
        await field.fill("ana@exemplo.com.br");
        await expect(field).not.toHaveAttribute("aria-invalid", "true");
      }
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const bad of BAD_VALUES) {
    test(`${bad.screen}: the server refuses "${bad.field}" with the message at the field and the value kept`, async ({
      page,
    }) => {
      const form = await openForm(page, bad);
      await form.getByLabel(bad.field).fill(bad.value);
      const [response] = await Promise.all([
        page.waitForResponse((answer) => answer.request().method() === "POST"),
        form.getByRole("button", { name: bad.submit }).click(),
      ]);
      expect(response.status()).toBe(400);
      const field = page.getByRole("region", { name: bad.region }).getByLabel(bad.field);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(bad.message);
      await expect(field).toHaveValue(bad.value);
    });
  }
});
