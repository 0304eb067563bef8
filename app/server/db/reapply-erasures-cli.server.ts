import { closeSync, fchmodSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { configurationFrom } from "../config/configuration.server.ts";
import { BackupError } from "./backup-checks.server.ts";
import { type CliIo, otherRowsReErasedLine, parseCli, reportFailure } from "./backup-cli.server.ts";
import { type DatabaseConfig, describeDatabase } from "./config.server.ts";
import { type DatabaseHandle, openDatabase } from "./connection.server.ts";
import {
  ERASED_ROW_TABLES,
  type ErasureLog,
  keyedErasureHash,
  readErasureLog,
  reapplyErasures,
} from "./lead-erasures.server.ts";
import { migrateToLatest } from "./migrate.server.ts";
import { PRIVATE_FILE_MODE } from "./private-files.server.ts";
import { takeSiteSecretFrom } from "./site-secret.server.ts";
import { messageOf } from "./sqlite-files.server.ts";

// `npm run db:reapply-erasures`: the LGPD erasure log across a restore that npm run db:restore
// does not do itself (pg_restore on PostgreSQL, or a SQLite file copied back by hand).
//   --save <file>   before the restore: the current log to a file (ids and hashes only)
//   <file>          after it: the saved log back into the database, and every quote request
//                   it names deleted again
//   (nothing)       the database's own log applied again

const USAGE = [
  "Uso: npm run db:reapply-erasures -- --save <arquivo>   (antes de restaurar: guarda o registro de exclusões)",
  "     npm run db:reapply-erasures -- <arquivo>          (depois de restaurar: reaplica o registro guardado)",
  "Apaga de novo os pedidos de orçamento excluídos a pedido do titular (LGPD) que um backup trouxe de volta.",
].join("\n");

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
/** What --save writes since decision 0046: keyed hashes, and the other rows erased. */
const KEYED = "hmac-sha256";
const savedLogSchema = z.object({
  hashes: z.literal(KEYED).optional(),
  leadErasures: z.array(
    z.object({
      leadId: z.string().min(1).max(200),
      emailHash: sha256Hex,
      phoneHash: sha256Hex,
      erasedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  erasedRows: z
    .array(
      z.object({
        table: z.enum(ERASED_ROW_TABLES),
        rowId: z.string().min(1).max(200),
        erasedAt: z.iso.datetime({ offset: true }),
      }),
    )
    .default([]),
});

function readSavedLog(file: string): ErasureLog {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new BackupError(`Não foi possível ler ${file}: ${messageOf(error)}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} não é um registro de exclusões salvo por --save (JSON inválido).`);
  }
  const parsed = savedLogSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(`${file} não é um registro de exclusões salvo por --save (formato inesperado).`);
  }
  const { hashes, leadErasures, erasedRows } = parsed.data;
  // A file saved by an earlier version holds plain SHA-256 hashes: keyed now, as migration 0022 did.
  const keyed =
    hashes === KEYED
      ? leadErasures
      : leadErasures.map((entry) => ({
          ...entry,
          emailHash: keyedErasureHash(entry.emailHash),
          phoneHash: keyedErasureHash(entry.phoneHash),
        }));
  return { leadErasures: keyed, erasedRows };
}

/** Written once, readable by its owner only: ids and hashes are still pseudonymous data. */
function writeSavedLog(file: string, log: ErasureLog): void {
  let fd: number;
  try {
    fd = openSync(file, "wx", PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new BackupError(`${file} já existe; escolha outro nome.`);
    }
    throw new BackupError(`Não foi possível criar ${file}: ${messageOf(error)}.`);
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, `${JSON.stringify({ hashes: KEYED, ...log }, null, 2)}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Failures to open or migrate the database are the operator's to fix: a message, no stack. */
async function expected<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new BackupError(messageOf(error));
  }
}

const open = (config: DatabaseConfig) => expected(() => openDatabase(config));

const entries = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "exclusão" : "exclusões"}`;

/** `npm run db:reapply-erasures`: returns the exit code. */
export async function runReapplyErasuresCli(
  args: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  const options = parseCli(args, USAGE, io, { save: { type: "string" } }, true);
  if (typeof options === "number") return options;
  const save = options.values.save as string | undefined;
  const [file, ...extra] = options.positionals;
  if (extra.length || (save && file)) {
    io.err(USAGE);
    return 2;
  }

  let handle: DatabaseHandle | undefined;
  try {
    const configured = configurationFrom(env);
    const config = configured.database;
    takeSiteSecretFrom(configured);
    if (save) {
      const target = path.resolve(io.cwd, save);
      handle = await open(config);
      const log = await readErasureLog(handle.db);
      if (!log) {
        throw new BackupError(
          `${describeDatabase(config)} ainda não tem registro de exclusões (versão anterior do site); nada a guardar.`,
        );
      }
      writeSavedLog(target, log);
      io.out(
        `Registro de exclusões (${entries(log.leadErasures.length)}) de ${describeDatabase(config)} guardado em ${target}.`,
      );
      return 0;
    }

    const saved = file ? readSavedLog(path.resolve(io.cwd, file)) : { leadErasures: [], erasedRows: [] };
    handle = await open(config);
    // A restored dump may come from a version of the site without the erasure log.
    const applied = await expected(() => migrateToLatest(handle as DatabaseHandle));
    if (applied.length) io.out(`Migrações aplicadas: ${applied.join(", ")}.`);
    const { reErased, otherRowsReErased, logged } = await reapplyErasures(handle.db, saved);
    io.out(
      `Exclusões a pedido do titular (LGPD) reaplicadas em ${describeDatabase(config)}: ` +
        `${reErased.toLocaleString("pt-BR")} ${reErased === 1 ? "pedido de orçamento apagado" : "pedidos de orçamento apagados"} de novo ` +
        `(registro com ${entries(logged)}).`,
    );
    io.out(otherRowsReErasedLine(otherRowsReErased));
    return 0;
  } catch (error) {
    return reportFailure(error, io);
  } finally {
    await handle?.close();
  }
}
