import { expect, type Page, test } from "@playwright/test";
import { projects } from "~/content/projects";
import { startServer } from "../../harness/server";
import { expectContactLink } from "../support/contact-links";
import { e2eDatabaseEnv } from "../support/e2e-env";

test("home shows the hero, statistics, services, reasons, quote, team and calls to action", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.locator("section").first();
  const poster = hero.locator("img").first();
  await expect(poster).toHaveAttribute("src", "/illustrations/hero.svg");
  await expect(poster).toHaveAttribute("fetchpriority", "high");
  await expect(hero.locator("video")).toHaveCount(0);

  const stats = page.getByRole("region", { name: "Números da empresa" });
  for (const text of ["200+", "10+", "100%", "24/7"]) await expect(stats).toContainText(text);

  const services = page.getByRole("region", { name: "Soluções completas para o seu condomínio" });
  await expect(services.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("region", { name: /Seis motivos/ }).getByRole("listitem")).toHaveCount(6);
  await expect(page.getByRole("region", { name: "Nosso compromisso com os síndicos" })).toContainText(
    "síndico",
  );
  await expect(
    page.getByRole("region", { name: "Engenharia com nome e sobrenome" }).getByRole("listitem"),
  ).toHaveCount(2);
  await expect(page.getByText(/mais de 11 anos/)).toBeVisible();
  await expectContactLink(page.getByRole("link", { name: "Fale pelo WhatsApp" }), "whatsapp", "/");
});

test("services page shows seven blocks with features and images, then the quality commitment", async ({
  page,
}) => {
  await page.goto("/servicos");
  const titles = [
    "Pintura de Áreas Comuns",
    "Restauração de Fachadas",
    "Lavagem de Fachadas",
    "Impermeabilização",
    "Rejuntamento",
    "Tratamento de Ferragens",
    "Pisos e Revestimentos",
  ];
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(titles[0] ?? "");
  for (const title of titles) {
    const block = page.getByRole("region", { name: title, exact: true });
    await expect(block.getByRole("img")).toHaveAttribute("alt", /.{10,}/);
    expect(await block.getByRole("listitem").count()).toBeGreaterThanOrEqual(4);
  }
  const quality = page.getByRole("region", { name: "Compromisso com a qualidade" });
  await expect(quality.getByRole("link", { name: "Solicitar Orçamento" })).toHaveAttribute(
    "href",
    "/contato#orcamento",
  );
  await expect(quality.getByRole("link", { name: "Ver Obras Realizadas" })).toHaveAttribute("href", "/obras");
});

const demoTitles = projects.map((project) => project.title);

test.describe("works accordion", () => {
  test("lists ten projects, several open at once, the arrow rotates", async ({ page }) => {
    await page.goto("/obras");
    await expect(page.getByText("Portfólio completo de projetos entregues")).toBeVisible();
    await expect(page.getByText("Transformando estruturas, valorizando patrimônios.")).toBeVisible();

    const items = page.locator("details:has(> summary)").filter({ hasText: "Clique para ver detalhes" });
    // The ten demo works, in order (other tests may add works of their own after them).
    const titles = await items.locator("summary .text-lg").allTextContents();
    expect(titles.filter((title) => demoTitles.includes(title))).toEqual(demoTitles);
    const first = items.nth(0);
    const third = items.nth(2);
    await expect(first.getByText("Serviços realizados:")).toBeHidden();

    const arrow = first.locator("summary svg").last();
    const closedRotation = await arrow.evaluate((el) => getComputedStyle(el).rotate);

    await first.locator("summary").click();
    await third.locator("summary").click();
    await expect(first.getByText("Serviços realizados:")).toBeVisible();
    await expect(third.getByText("Serviços realizados:")).toBeVisible();
    await expect(first.getByText("Documentação Fotográfica")).toBeVisible();
    await expect(first.locator("figure img").first()).toBeVisible();
    await expect(first.locator("figcaption").first()).not.toBeEmpty();
    await expect(first).toHaveAttribute("open", "");
    await expect(third).toHaveAttribute("open", "");

    // The rotation is a 200 ms transition; wait for it to settle before comparing.
    await expect.poll(() => arrow.evaluate((el) => getComputedStyle(el).rotate)).toBe("180deg");
    expect(closedRotation).toBe("none");

    await first.locator("summary").click();
    await expect(first.getByText("Serviços realizados:")).toBeHidden();
    await expect(third.getByText("Serviços realizados:")).toBeVisible();
  });

  test("opens from the keyboard and exposes the expanded state", async ({ page }) => {
    await page.goto("/obras");
    const details = page.locator("details[data-disclosure]").nth(1);
    const summary = details.locator("summary");
    await expect(summary).toHaveAttribute("aria-expanded", "false");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(details).toHaveAttribute("open", "");
    await expect(details.getByText("Serviços realizados:")).toBeVisible();
    await expect(summary).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press(" ");
    await expect(summary).toHaveAttribute("aria-expanded", "false");
  });

  test("closes with a call to action and the phone", async ({ page }) => {
    await page.goto("/obras");
    const closing = page.getByRole("region", {
      name: "Entre em contato para orçamentos e consultorias técnicas",
    });
    await expect(closing.getByRole("link", { name: "Solicitar Orçamento" })).toHaveAttribute(
      "href",
      "/contato#orcamento",
    );
    await expectContactLink(
      closing.getByRole("link", { name: "(41) 99876-5432", exact: true }),
      "whatsapp",
      "/obras",
    );
  });
});

test("contact page shows the cards, the complete form, the benefits and the urgent section", async ({
  page,
}) => {
  await page.goto("/contato");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entre em Contato");
  await expect(page.getByText("Orçamento gratuito e sem compromisso").first()).toBeVisible();
  for (const card of ["Telefone", "E-mail", "Endereço", "Horário de Atendimento"]) {
    await expect(page.getByRole("heading", { name: card, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Atendimento de segunda a sábado")).toBeVisible();
  await expect(page.getByText("Resposta em até 24 horas")).toBeVisible();

  await expect(page.getByRole("heading", { name: "Solicitar Orçamento" })).toBeVisible();
  await expect(
    page.getByText("Preencha o formulário abaixo e entraremos em contato para agendar uma visita técnica."),
  ).toBeVisible();
  for (const [label, type] of [
    ["Nome completo", "text"],
    ["E-mail", "email"],
    ["Telefone", "tel"],
  ] as const) {
    const input = page.getByLabel(label, { exact: false }).and(page.locator("input"));
    await expect(input).toHaveAttribute("type", type);
    await expect(input).toHaveAttribute("required", "");
  }
  await expect(page.getByLabel("Condomínio")).not.toHaveAttribute("required", "");
  await expect(page.getByLabel("Mensagem")).toHaveAttribute("rows", "5");
  await expect(page.getByLabel("Serviço de interesse").locator("option")).toHaveText([
    "Selecione um serviço",
    "Impermeabilização",
    "Restauração de Fachadas",
    "Tratamento de Ferragens",
    "Pinturas e Revestimentos",
    "Rejuntamento",
    "Lavagem de Fachadas",
    "Vistoria Técnica",
    "Outros",
  ]);
  await expect(page.getByLabel("Serviço de interesse").locator("option").first()).toHaveAttribute(
    "value",
    "",
  );

  const benefits = page.getByRole("region", { name: "Por que escolher a Alvorada Engenharia Predial?" });
  await expect(benefits.getByRole("listitem")).toHaveCount(8);
  await expect(page.getByRole("heading", { name: "Atendimento Especializado" })).toBeVisible();
  const urgent = page.getByRole("region", { name: "Precisa de atendimento urgente?" });
  await expectContactLink(
    urgent.getByRole("link", { name: "(41) 99876-5432", exact: true }),
    "whatsapp",
    "/contato",
  );
  await expectContactLink(urgent.getByRole("link", { name: "Enviar e-mail" }), "email", "/contato");
});

test("an unknown path answers 404 with a way home and logs the path", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  const response = await page.goto("/nao-existe/mesmo?x=1");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL("/");
  expect(messages.some((text) => text.includes("/nao-existe/mesmo"))).toBe(true);
});

/** The body's background as sRGB bytes (Tailwind's colours are oklch; a canvas converts them). */
async function bodyBackgroundRgb(page: Page): Promise<[number, number, number]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d context");
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  });
}

test.describe("theme", () => {
  test("follows a dark system preference from the first paint", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    const [r, g, b] = await bodyBackgroundRgb(page);
    expect(r + g + b).toBeLessThan(100);
  });

  test("is light for a light system preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/servicos");
    expect(await bodyBackgroundRgb(page)).toEqual([255, 255, 255]);
  });
});

test("the hero plays a muted looping video when one is configured", async ({ page }) => {
  const server = await startServer({ ...e2eDatabaseEnv, HERO_VIDEO_URL: "/media/hero.mp4" });
  try {
    await page.goto(server.url);
    const video = page.locator("video");
    await expect(video).toHaveCount(1);
    expect(
      await video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.muted, v.loop, v.playsInline]),
    ).toEqual([true, true, true, true]);
    await expect(video).toHaveAttribute("poster", "/illustrations/hero.svg");
    await expect(video.locator("source")).toHaveAttribute("src", "/media/hero.mp4");
  } finally {
    await server.stop();
  }
});
