import type { Transaction } from "kysely";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

// The team's rule that every account must have a second factor (TOTP or a passkey). While it is
// on, an account without one can open only its own page, to set one up (the admin guard sends
// it there); signing in with the password alone still works, so nobody is locked out.

export const SECOND_FACTOR_POLICY_KEY = "require_second_factor";
export const SECOND_FACTOR_SETUP_PATH = "/admin/conta";
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  "A equipe exige verificação em duas etapas ou passkey. Configure uma em 'Minha conta' antes de continuar.";

export async function secondFactorRequired(): Promise<boolean> {
  const db = await database();
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", SECOND_FACTOR_POLICY_KEY)
    .executeTakeFirst();
  return row?.value === "1";
}

export async function setSecondFactorRequired(
  required: boolean,
  within?: Transaction<Database>,
): Promise<void> {
  const db = within ?? (await database());
  const value = required ? "1" : "0";
  const updatedAt = new Date().toISOString();
  await db
    .insertInto("settings")
    .values({ key: SECOND_FACTOR_POLICY_KEY, value, updated_at: updatedAt })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** Whether the account has a confirmed TOTP secret or at least one passkey. */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const db = await database();
  const [totp, passkey] = await Promise.all([
    db
      .selectFrom("totp_secrets")
      .select("user_id")
      .where("user_id", "=", userId)
      .where("confirmed_at", "is not", null)
      .executeTakeFirst(),
    db.selectFrom("passkeys").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst(),
  ]);
  return Boolean(totp || passkey);
}

/** Whether the rule is on and this account does not meet it yet. */
export async function lacksRequiredSecondFactor(userId: string): Promise<boolean> {
  return (await secondFactorRequired()) && !(await hasSecondFactor(userId));
}

/** The admin addresses an account may use while it lacks a required second factor: setting one up. */
export function opensWithoutSecondFactor(request: Request): boolean {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\.data$/, "");
  return path === SECOND_FACTOR_SETUP_PATH || path === `${SECOND_FACTOR_SETUP_PATH}/passkeys/opcoes`;
}
