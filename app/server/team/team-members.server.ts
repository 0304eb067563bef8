import type { Transaction } from "kysely";
import { type Role, roleOf } from "~/lib/roles";
import { startDatabase } from "../db/database.server";
import { inTransaction } from "../db/in-transaction.server";
import type { Database } from "../db/schema";

// The team's accounts as the Administrador manages them. Whatever happens, at least one active
// Administrador remains: otherwise nobody could manage the team or the settings again.

export const LAST_ADMIN_MESSAGE =
  "Não é possível: esta é a última conta de Administrador ativa. Promova outra pessoa a Administrador antes.";
export const USER_NOT_FOUND_MESSAGE = "Usuário não encontrado.";
export const SELF_CHANGE_MESSAGE =
  "Você não pode desativar nem remover a própria conta; peça a outro Administrador.";

export interface TeamMember {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  active: boolean;
  lastSignInAt: string | null;
  /** A confirmed TOTP secret (one being set up does not count yet). */
  twoFactor: boolean;
  passkeys: number;
}

/** The team (a company's two or three people, so no paging), Administradores first. */
export async function listTeamMembers(): Promise<TeamMember[]> {
  const { db } = await startDatabase();
  const [rows, totp, passkeys] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "email", "name", "role", "deactivated_at", "last_sign_in_at"])
      .orderBy("role")
      .orderBy("email")
      .execute(),
    db.selectFrom("totp_secrets").select("user_id").where("confirmed_at", "is not", null).execute(),
    db
      .selectFrom("passkeys")
      .select((eb) => ["user_id", eb.fn.countAll<number>().as("n")])
      .groupBy("user_id")
      .execute(),
  ]);
  const withTotp = new Set(totp.map((row) => row.user_id));
  const passkeyCounts = new Map(passkeys.map((row) => [row.user_id, Number(row.n)]));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: roleOf(row.role),
    active: row.deactivated_at === null,
    lastSignInAt: row.last_sign_in_at === null ? null : String(row.last_sign_in_at),
    twoFactor: withTotp.has(row.id),
    passkeys: passkeyCounts.get(row.id) ?? 0,
  }));
}

export type MemberChange =
  | { kind: "role"; role: Role }
  | { kind: "deactivate" }
  | { kind: "reactivate" }
  | { kind: "remove" };

export type MemberChangeResult =
  | { ok: true; email: string; previousRole: Role }
  | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Change one account. Deactivating or removing it ends its sessions at once (in the same
 * transaction). The last active Administrador can be neither demoted, deactivated nor removed;
 * on PostgreSQL the active Administradores' rows are locked while deciding, so two changes at
 * once cannot each leave the other as the last one and then both go through.
 */
export async function changeTeamMember(
  actorId: string,
  userId: string,
  change: MemberChange,
  within?: Transaction<Database>,
): Promise<MemberChangeResult> {
  const { config } = await startDatabase();
  return inTransaction(within, async (trx): Promise<MemberChangeResult> => {
    const admins = await activeAdminIds(trx, config.engine === "postgres");
    const user = await trx
      .selectFrom("users")
      .select(["id", "email", "role"])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) return { ok: false, status: 404, message: USER_NOT_FOUND_MESSAGE };
    if (userId === actorId && (change.kind === "deactivate" || change.kind === "remove"))
      return { ok: false, status: 403, message: SELF_CHANGE_MESSAGE };
    const losesAdmin =
      change.kind === "remove" ||
      change.kind === "deactivate" ||
      (change.kind === "role" && change.role !== "admin");
    if (losesAdmin && admins.length === 1 && admins[0] === userId)
      return { ok: false, status: 409, message: LAST_ADMIN_MESSAGE };
    const now = new Date().toISOString();
    if (change.kind === "role") {
      await trx
        .updateTable("users")
        .set({ role: change.role, updated_at: now })
        .where("id", "=", userId)
        .execute();
    } else if (change.kind === "reactivate") {
      await trx
        .updateTable("users")
        .set({ deactivated_at: null, updated_at: now })
        .where("id", "=", userId)
        .execute();
    } else {
      await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
      if (change.kind === "deactivate") {
        await trx
          .updateTable("users")
          .set({ deactivated_at: now, updated_at: now })
          .where("id", "=", userId)
          .execute();
      } else {
        await trx.deleteFrom("users").where("id", "=", userId).execute();
      }
    }
    return { ok: true, email: user.email, previousRole: roleOf(user.role) };
  });
}

async function activeAdminIds(trx: Transaction<Database>, lock: boolean): Promise<string[]> {
  const query = trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "admin")
    .where("deactivated_at", "is", null)
    // One lock order for every transaction, so two of them never wait on each other.
    .orderBy("id");
  const rows = await (lock ? query.forUpdate() : query).execute();
  return rows.map((row) => row.id);
}
