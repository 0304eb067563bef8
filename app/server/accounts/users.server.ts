import { randomUUID } from "node:crypto";
import { type AdminCredentials, adminCredentialsSchema } from "../config/admin-credentials.server.ts";
import { database } from "../db/database.server.ts";
import { logEvent } from "../platform/log.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { passwordProblem } from "./password-policy.server.ts";
import { voidPasswordResets } from "./void-password-resets.server.ts";

export async function countUsers(): Promise<number> {
  const db = await database();
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An active account by e-mail (a deactivated one cannot sign in nor ask for a new password). */
export async function findUserByEmail(email: string) {
  const db = await database();
  return db
    .selectFrom("users")
    .select(["id", "email", "name", "password_hash"])
    .where("email", "=", email.trim().toLowerCase())
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
}

/**
 * Create an Administrador, or set a new password if the e-mail already has an account. Throws
 * with the reason in pt-BR when the password is too weak.
 */
export async function upsertAdmin(credentials: AdminCredentials): Promise<"created" | "updated"> {
  const { email, password } = adminCredentialsSchema.parse(credentials);
  const weak = await passwordProblem(password, [email]);
  if (weak) throw new Error(weak);
  const db = await database();
  const passwordHash = await hashPassword(password);
  const now = new Date().toISOString();
  const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", existing.id)
      .execute();
    // A new password ends every session that the old one opened, and every reset link.
    await db.deleteFrom("sessions").where("user_id", "=", existing.id).execute();
    await voidPasswordResets(db, existing.id, now);
    return "updated";
  }
  await db
    .insertInto("users")
    .values({
      id: randomUUID(),
      email,
      password_hash: passwordHash,
      name: null,
      role: "admin",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return "created";
}

/**
 * At start-up: with no users yet and ADMIN_EMAIL/ADMIN_PASSWORD set, create that admin. Either
 * way, tell the maintainer how to sign in. Never logs a password.
 */
export async function ensureFirstAdmin(
  firstAdmin: AdminCredentials | undefined,
  publicUrl: string,
): Promise<void> {
  if ((await countUsers()) > 0) {
    logEvent("info", `Painel do blog: ${publicUrl}/auth`);
    return;
  }
  if (firstAdmin) {
    // Its shape was checked with the configuration; how guessable it is needs the dictionaries.
    const weak = await passwordProblem(firstAdmin.password, [firstAdmin.email]);
    if (weak) {
      logEvent("error", `ADMIN_PASSWORD recusada: ${weak}`);
      return;
    }
    await upsertAdmin(firstAdmin);
    logEvent("info", `Administrador ${firstAdmin.email} criado. Entre em ${publicUrl}/auth`);
    return;
  }
  logEvent(
    "warn",
    `Nenhum administrador cadastrado. Para entrar no painel (${publicUrl}/auth), crie um com "npm run admin:create" ` +
      "ou inicie o site com ADMIN_EMAIL e ADMIN_PASSWORD definidos.",
  );
}

/** Shown on the team page ('Último acesso'). */
/** Who a user id is (for the audit log), or undefined when there is no such user. */
export async function findUserById(userId: string): Promise<{ id: string; email: string } | undefined> {
  const db = await database();
  return db.selectFrom("users").select(["id", "email"]).where("id", "=", userId).executeTakeFirst();
}

/** Whether the password is the account's (asked again before a sensitive change). */
export async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const db = await database();
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return verifyPassword(password, row.password_hash);
}
