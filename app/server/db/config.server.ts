import path from "node:path";
import { z } from "zod";

export type DatabaseConfig =
  | { engine: "sqlite"; path: string }
  | { engine: "postgres"; url: string; schema: string | undefined };

/** postgres://… that the driver can parse, with a host (or a socket directory in ?host=). */
function isPostgresUrl(value: string): boolean {
  if (!/^postgres(ql)?:\/\//.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname !== "" || url.searchParams.has("host");
  } catch {
    return false;
  }
}

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .refine(isPostgresUrl, "use uma URL postgres://usuario:senha@host:5432/banco")
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .trim()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "use letras minúsculas, dígitos e _ (ex.: site_cliente)")
    .optional(),
  DATA_DIR: z.string().trim().min(1).optional(),
});

/**
 * SQLite at $DATA_DIR/site.db by default; PostgreSQL when DATABASE_URL is a postgres:// URL.
 * DATABASE_SCHEMA puts the tables in their own schema (created if missing), so one PostgreSQL
 * database can host several sites.
 */
export function databaseConfigFromEnv(env: Record<string, string | undefined>): DatabaseConfig {
  const parsed = envSchema.safeParse({
    DATABASE_URL: env.DATABASE_URL || undefined,
    DATABASE_SCHEMA: env.DATABASE_SCHEMA || undefined,
    DATA_DIR: env.DATA_DIR || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida do banco de dados:\n  ${problems.join("\n  ")}`);
  }
  const { DATABASE_URL, DATABASE_SCHEMA, DATA_DIR } = parsed.data;
  if (DATABASE_URL) return { engine: "postgres", url: DATABASE_URL, schema: DATABASE_SCHEMA };
  return { engine: "sqlite", path: path.resolve(DATA_DIR ?? "data", "site.db") };
}

/** For logs: never print a password. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.engine === "sqlite") return `SQLite em ${config.path}`;
  const url = new URL(config.url);
  const schema = config.schema ? `, schema ${config.schema}` : "";
  return `PostgreSQL em ${url.hostname}:${url.port || 5432}${url.pathname}${schema}`;
}
