import { parseArgs } from "node:util";
import { ADMIN_PAGES, PUBLIC_PAGES } from "./pages.ts";

interface Options {
  pages: string[];
  runs: number;
  /** The server's own port (HTTP/1.1) instead of Caddy in front of it (HTTPS, HTTP/2). */
  direct: boolean;
  /** Where to keep each run's whole Lighthouse report (JSON), to read why a number moved. */
  reports?: string;
}

export function parseOptions(): Options {
  const usage = "Uso: npm run lighthouse -- [--page /caminho]... [--runs N] [--reports PASTA] [--direct]";
  try {
    const { values } = parseArgs({
      options: {
        page: { type: "string", multiple: true },
        runs: { type: "string", default: "1" },
        reports: { type: "string" },
        direct: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const runs = Number(values.runs);
    if (!Number.isInteger(runs) || runs < 1) {
      throw new Error(`--runs precisa ser um inteiro positivo (recebido: ${values.runs}).`);
    }
    const pages = values.page ?? [...PUBLIC_PAGES, ...ADMIN_PAGES];
    for (const page of pages) {
      if (!page.startsWith("/")) throw new Error(`--page precisa começar com / (recebido: ${page}).`);
    }
    return { pages, runs, reports: values.reports, direct: values.direct };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
