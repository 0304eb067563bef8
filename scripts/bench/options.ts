import { parseArgs } from "node:util";
import { wrkMissing } from "../../harness/wrk-load.ts";

/** Posts `--only admin` seeds unless --posts says otherwise: the scale the admin lists are budgeted at. */
const ADMIN_BENCH_POSTS = 10_000;

export interface Options {
  pg: boolean;
  posts: number;
  durationS: number;
  mixedDurationS: number;
  /** Only the uncached article case: no cached cases, ceiling or mixed load. */
  uncachedOnly: boolean;
  /** Only the media library's admin page. */
  mediaOnly: boolean;
  /** Only the cached work page and its ceiling. */
  workOnly: boolean;
  /** Only the blog search. */
  searchOnly: boolean;
  /** Only the cached article with visit counting on and off. */
  countingOnly: boolean;
  /** Only the admin's post list and quote-request inbox. */
  adminOnly: boolean;
  /** Only the mixed load, on a fresh server. */
  mixedOnly: boolean;
  /** With 2 or more: only the scaling over instances behind Caddy (PostgreSQL). */
  instances: number;
}

export function parseOptions(): Options {
  const usage =
    "Uso: npm run bench -- [--pg] [--posts N] [--duration SEGUNDOS] [--mixed-duration SEGUNDOS] [--only uncached|midia|obra|busca|admin|contagem|mista] [--pg --instances N]";
  const positive = (name: string, value: string | undefined) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1) {
      throw new Error(`--${name} precisa ser um inteiro positivo (recebido: ${value}).`);
    }
    return number;
  };
  try {
    const { values } = parseArgs({
      options: {
        pg: { type: "boolean", default: false },
        posts: { type: "string" },
        duration: { type: "string", default: "10" },
        "mixed-duration": { type: "string", default: "60" },
        only: { type: "string" },
        instances: { type: "string", default: "1" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if (
      values.only !== undefined &&
      !["uncached", "midia", "obra", "busca", "admin", "contagem", "mista"].includes(values.only)
    ) {
      throw new Error(
        `--only aceita "uncached", "midia", "obra", "busca", "admin", "contagem" ou "mista" (recebido: ${values.only}).`,
      );
    }
    const adminOnly = values.only === "admin";
    const instances = positive("instances", values.instances);
    if (instances > 1 && !values.pg)
      throw new Error("--instances precisa de --pg: várias instâncias compartilham um PostgreSQL.");
    const noWrk = instances > 1 ? wrkMissing() : undefined;
    if (noWrk) throw new Error(noWrk);
    return {
      instances,
      uncachedOnly: values.only === "uncached",
      mediaOnly: values.only === "midia",
      workOnly: values.only === "obra",
      searchOnly: values.only === "busca",
      countingOnly: values.only === "contagem",
      adminOnly,
      mixedOnly: values.only === "mista",
      pg: values.pg,
      posts: positive("posts", values.posts ?? String(adminOnly ? ADMIN_BENCH_POSTS : 1000)),
      durationS: positive("duration", values.duration),
      mixedDurationS: positive("mixed-duration", values["mixed-duration"]),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
}
