import path from "node:path";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { configurationFrom } from "../config/configuration.server.ts";
import { backupSqliteDatabase } from "./backup.server.ts";
import { BackupError, type TableCount } from "./backup-checks.server.ts";
import { type BackupRecord, recordBackupIn } from "./backup-record.server.ts";
import { type DatabaseConfig, databaseConfigFromEnv, describeDatabase } from "./config.server.ts";
import { backupPostgresDatabase, pruneBackups } from "./pg-backup.server.ts";
import { restoreSqliteBackup } from "./restore.server.ts";
import { pgDumpExclusions } from "./rows-left-out-of-backups.server.ts";
import { takeSiteSecretFrom } from "./site-secret.server.ts";
import { messageOf } from "./sqlite-files.server.ts";

// The command lines of `npm run db:backup` and `npm run db:restore` (scripts/db-backup.ts,
// scripts/db-restore.ts): arguments in, pt-BR report out, an exit code back.

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where relative paths on the command line are resolved (npm's INIT_CWD). */
  cwd: string;
}

const BACKUP_USAGE = [
  "Uso: npm run db:backup [-- --out <arquivo ou pasta>] [--keep N] [--pg-dump]",
  "Copia o banco SQLite do site (pode estar no ar) para $DATA_DIR/backups/site-AAAAMMDD-HHMMSS.db, ou para --out.",
  "--keep N: depois do backup, mantém só os N mais recentes da pasta (site-*.db e site-*.dump).",
  "--pg-dump: no PostgreSQL, roda o pg_dump para $DATA_DIR/backups/site-AAAAMMDD-HHMMSS.dump (ou a pasta --out).",
].join("\n");

const RESTORE_USAGE = [
  "Uso: npm run db:restore <arquivo>",
  "Restaura um backup feito por npm run db:backup no banco do site, que precisa estar parado.",
].join("\n");

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat("pt-BR", { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** The pg_dump / pg_restore commands for a PostgreSQL site, in pt-BR. */
export function postgresBackupGuide(
  env: Record<string, string | undefined>,
  command: "backup" | "restore",
): string {
  const config = databaseConfigFromEnv(env);
  if (config.engine !== "postgres") throw new Error("postgresBackupGuide: the site is not on PostgreSQL");
  const schema = config.schema ? ` --schema=${config.schema}` : "";
  // Quoted: the shell must not expand the pattern's "*".
  const exclusions = pgDumpExclusions.map((option) => ` '${option}'`).join("");
  const what = command === "backup" ? "npm run db:backup" : "npm run db:restore";
  return [
    `Este site usa ${describeDatabase(config)}, e ${what} só trabalha com bancos SQLite.`,
    "No PostgreSQL, use as ferramentas do próprio PostgreSQL. O pg_dump tira uma cópia consistente com o site no ar:",
    "",
    `  pg_dump --format=custom --no-owner${schema}${exclusions} --file=site.dump "$DATABASE_URL"`,
    "",
    "Para restaurar (com o site parado; as tabelas do backup são apagadas e recriadas), guarde antes o",
    "registro de exclusões (LGPD) e reaplique-o depois, para que os pedidos apagados a pedido do titular",
    "não voltem com o backup:",
    "",
    "  npm run db:reapply-erasures -- --save exclusoes.json",
    `  pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" site.dump`,
    "  npm run db:reapply-erasures -- exclusoes.json",
    "",
    "Os comandos leem a URL da variável DATABASE_URL do terminal (export DATABASE_URL='postgres://…' antes).",
    "Use pg_dump e pg_restore da mesma versão principal do servidor PostgreSQL, ou mais nova.",
  ].join("\n");
}

function countLines(counts: TableCount[]): string[] {
  return counts.map(
    ({ label, rows }) =>
      `  ${label}: ${rows === null ? "— (tabela ainda não existia)" : rows.toLocaleString("pt-BR")}`,
  );
}

/** What a CLI prints for an error: expected ones as one clear message, bugs with their stack. */
export function reportFailure(error: unknown, io: CliIo): number {
  if (error instanceof BackupError) {
    io.err(error.message);
    return error.exitCode;
  }
  if (error instanceof Error && "syscall" in error) {
    io.err(`Falha ao acessar arquivos: ${error.message}`);
    return 1;
  }
  io.err(`Erro inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 1;
}

/** Parsed options, or the exit code when there is nothing more to do (help, usage error). */
export function parseCli(
  args: string[],
  usage: string,
  io: CliIo,
  options: ParseArgsOptionsConfig,
  allowPositionals: boolean,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } | number {
  try {
    const parsed = parseArgs({
      args,
      allowPositionals,
      options: { help: { type: "boolean", short: "h", default: false }, ...options },
    });
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (values.help) {
      io.out(usage);
      return 0;
    }
    return { values, positionals: parsed.positionals };
  } catch (error) {
    io.err(`${messageOf(error)}\n${usage}`);
    return 2;
  }
}

/**
 * Tell the site's database that a backup just finished (the admin's health list reads it). The
 * backup itself is done and good whatever happens here, so a failure is a warning, not an exit
 * code: the panel then keeps showing the previous backup's age.
 */
async function recordFinishedBackup(
  config: DatabaseConfig,
  result: { file: string; bytes: number },
  io: CliIo,
): Promise<void> {
  const record: BackupRecord = {
    finishedAt: new Date().toISOString(),
    file: result.file,
    bytes: result.bytes,
  };
  try {
    await recordBackupIn(config, record);
  } catch (error) {
    io.err(
      `Aviso: o backup está pronto, mas não foi possível registrá-lo no banco do site (${messageOf(error)}); ` +
        "o painel continua mostrando o backup anterior.",
    );
  }
}

/** `npm run db:backup`: returns the exit code. */
export async function runBackupCli(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const options = parseCli(
    args,
    BACKUP_USAGE,
    io,
    { out: { type: "string", short: "o" }, keep: { type: "string" }, "pg-dump": { type: "boolean" } },
    false,
  );
  if (typeof options === "number") return options;
  const out = options.values.out as string | undefined;
  const keepText = options.values.keep as string | undefined;
  const keep = keepText === undefined ? undefined : Number(keepText);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1 && keep <= 10_000)) {
    io.err(
      `--keep: use um número inteiro de backups a manter, a partir de 1 (ex.: --keep 14).\n${BACKUP_USAGE}`,
    );
    return 2;
  }
  const prune = (folder: string) => {
    if (keep === undefined) return;
    const removed = pruneBackups(folder, keep);
    io.out(`Backups antigos apagados (mantidos os ${keep} mais recentes): ${removed.length}.`);
  };
  try {
    const configured = configurationFrom(env);
    const config = configured.database;
    if (config.engine === "postgres") {
      if (!options.values["pg-dump"]) {
        io.err(postgresBackupGuide(env, "backup"));
        return 2;
      }
      const folder = out ? path.resolve(io.cwd, out) : path.join(configured.dataDir, "backups");
      io.out(`Copiando ${describeDatabase(config)} com o pg_dump...`);
      const result = await backupPostgresDatabase(config, folder);
      io.out(
        [
          `Backup concluído em ${(result.milliseconds / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s: ${result.file}`,
          `Tamanho: ${formatBytes(result.bytes)}. Lido de volta pelo pg_restore: ${result.tables} tabelas com dados.`,
          "Guarde uma cópia fora deste servidor; o arquivo tem dados pessoais (pedidos de orçamento, usuários).",
        ].join("\n"),
      );
      await recordFinishedBackup(config, result, io);
      prune(folder);
      return 0;
    }
    io.out(`Copiando ${describeDatabase(config)}...`);
    const result = await backupSqliteDatabase(config.path, {
      out: out ? path.resolve(io.cwd, out) : undefined,
    });
    io.out(
      [
        `Backup concluído em ${(result.milliseconds / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s: ${result.file}`,
        `Tamanho: ${formatBytes(result.bytes)}. Verificação de integridade: ok.`,
        ...countLines(result.counts),
        `Migrações: ${result.migrations.join(", ") || "nenhuma"}.`,
        "Guarde uma cópia fora deste servidor; o arquivo tem dados pessoais (pedidos de orçamento, usuários).",
      ].join("\n"),
    );
    await recordFinishedBackup(config, result, io);
    prune(path.dirname(result.file));
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}

/** `npm run db:restore <file>`: returns the exit code. */
export async function runRestoreCli(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const options = parseCli(args, RESTORE_USAGE, io, {}, true);
  if (typeof options === "number") return options;
  const [file, ...extra] = options.positionals;
  if (!file || extra.length) {
    io.err(RESTORE_USAGE);
    return 2;
  }
  try {
    const configured = configurationFrom(env);
    const config = configured.database;
    takeSiteSecretFrom(configured);
    if (config.engine === "postgres") {
      io.err(postgresBackupGuide(env, "restore"));
      return 2;
    }
    const result = await restoreSqliteBackup(path.resolve(io.cwd, file), config.path);
    const lines = [
      `Backup verificado (integridade ok, esquema do site): ${result.file}`,
      result.movedAside.length
        ? `O banco anterior foi guardado em ${result.movedAside.join(", ")}.`
        : "Não havia banco anterior.",
    ];
    if (result.previousDamaged) {
      lines.push(
        `(O banco anterior não pôde ser aberto: ${result.previousDamaged}; foi guardado como estava.)`,
        "Atenção: o registro de exclusões (LGPD) do banco anterior não pôde ser lido; pedidos de orçamento " +
          "apagados a pedido do titular depois deste backup podem ter voltado. Confira as solicitações no admin.",
      );
    }
    if (result.erasures) {
      const { reErased, otherRowsReErased, logged, migratedNow } = result.erasures;
      if (migratedNow.length) {
        lines.push(
          `Para guardar o registro de exclusões, as migrações ${migratedNow.join(", ")} foram aplicadas agora.`,
        );
      }
      lines.push(
        `Exclusões a pedido do titular (LGPD) reaplicadas: ${reErased.toLocaleString("pt-BR")} ` +
          `${reErased === 1 ? "pedido de orçamento apagado" : "pedidos de orçamento apagados"} de novo ` +
          `(registro com ${logged.toLocaleString("pt-BR")} ${logged === 1 ? "exclusão" : "exclusões"}).`,
        otherRowsReErasedLine(otherRowsReErased),
      );
    }
    lines.push(
      `Banco restaurado em ${result.target} (${formatBytes(result.bytes)}):`,
      ...countLines(result.counts),
    );
    lines.push(
      result.pending.length
        ? `O backup é de uma versão anterior do site: as migrações ${result.pending.join(", ")} serão aplicadas quando o site iniciar.`
        : `Migrações: ${result.migrations.join(", ")}.`,
      "Inicie o site (npm start).",
    );
    io.out(lines.join("\n"));
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  }
}

/** The restore's and db:reapply-erasures' line about the rows besides quote requests. */
export function otherRowsReErasedLine(n: number): string {
  return `Outros registros sobre titulares excluídos (auditoria, e-mails, convites, tentativas de acesso) apagados de novo: ${n.toLocaleString("pt-BR")}.`;
}
