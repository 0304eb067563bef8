import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Transaction } from "kysely";
import { z } from "zod";
import { siteDefaults } from "~/config/site-env.server";
import { database } from "../db/database.server";
import type { Database } from "../db/schema";

/** The WebAuthn library, loaded on the first passkey request: most processes never need it. */
const webAuthn = () => import("@simplewebauthn/server");

// Passkeys (WebAuthn): a person adds them from their account and uses one in two ways. Alone,
// instead of password and code: then the authenticator must have verified the user (PIN,
// fingerprint, face), which is what makes it two factors. Or as the second step after the
// password: then the user's presence is enough. The browser signs a challenge that the server
// handed out and keeps for a few minutes, for one of the two ways (a second step's challenge
// names the account); each is claimed once, by a conditional DELETE, whatever the outcome.

const CHALLENGE_MS = 5 * 60 * 1000;
export const PASSKEY_NAME_MAX = 60;

export interface RelyingParty {
  rpID: string;
  origin: string;
}

/**
 * Who the passkeys belong to: the site's public address (PUBLIC_URL). A request addressed to
 * localhost (a developer's machine, the end-to-end tests) uses its own origin instead: a
 * browser there cannot create a passkey for the public domain, and nothing but that machine
 * reaches it.
 */
export function relyingParty(request: Request): RelyingParty {
  const own = new URL(request.url);
  if (own.hostname === "localhost") return { rpID: "localhost", origin: own.origin };
  const site = new URL(siteDefaults().publicUrl);
  return { rpID: site.hostname, origin: site.origin };
}

async function storeChallenge(
  challenge: string,
  purpose: "register" | "authenticate",
  userId: string | null,
) {
  const db = await database();
  await db
    .insertInto("webauthn_challenges")
    .values({
      challenge,
      purpose,
      user_id: userId,
      expires_at: new Date(Date.now() + CHALLENGE_MS).toISOString(),
    })
    .execute();
}

/** Claim a challenge once: true only for the first claim of an unexpired one of this purpose. */
async function claimChallenge(
  challenge: string,
  purpose: "register" | "authenticate",
  userId: string | null,
): Promise<boolean> {
  const db = await database();
  let query = db
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", new Date().toISOString());
  query = userId === null ? query.where("user_id", "is", null) : query.where("user_id", "=", userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// What the browser sends back is untrusted: its shape is checked here, its content by the library.
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}),
});

function parseCredential(json: string): unknown {
  try {
    const parsed = credentialJson.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, "Dê um nome à passkey (por exemplo, 'Celular' ou 'Notebook').")
  .max(PASSKEY_NAME_MAX, `O nome pode ter no máximo ${PASSKEY_NAME_MAX} caracteres.`);

export interface PasskeyRow {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export async function listPasskeys(userId: string): Promise<PasskeyRow[]> {
  const db = await database();
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    ...row,
    created_at: String(row.created_at),
    last_used_at: row.last_used_at ? String(row.last_used_at) : null,
  }));
}

export async function countPasskeys(userId: string): Promise<number> {
  const db = await database();
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function registrationOptions(
  request: Request,
  user: { id: string; email: string; name: string | null },
  siteName: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const db = await database();
  const existing = await db
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("user_id", "=", user.id)
    .execute();
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: siteName,
    rpID: relyingParty(request).rpID,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(options.challenge, "register", user.id);
  return options;
}

function transportsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

export const PASSKEY_REFUSED_MESSAGE = "Não foi possível confirmar a passkey. Tente de novo.";

export type PasskeyResult = { ok: true; userId: string } | { ok: false; message: string };

/** Verify a new passkey's registration and keep it under the given name. */
export async function addPasskey(
  request: Request,
  userId: string,
  name: string,
  responseJson: string,
  /** What must commit with the new passkey (its audit entry). */
  alongside?: (trx: Transaction<Database>) => Promise<void>,
): Promise<PasskeyResult> {
  const response = parseCredential(responseJson) as RegistrationResponseJSON | undefined;
  if (!response) return { ok: false, message: PASSKEY_REFUSED_MESSAGE };
  const rp = relyingParty(request);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await (await webAuthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => claimChallenge(challenge, "register", userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, message: PASSKEY_REFUSED_MESSAGE };
  }
  if (!verification.verified) return { ok: false, message: PASSKEY_REFUSED_MESSAGE };
  const { credential } = verification.registrationInfo;
  const db = await database();
  return db.transaction().execute(async (trx): Promise<PasskeyResult> => {
    const taken = await trx
      .selectFrom("passkeys")
      .select("id")
      .where("id", "=", credential.id)
      .executeTakeFirst();
    if (taken) return { ok: false, message: "Esta passkey já está cadastrada." };
    await trx
      .insertInto("passkeys")
      .values({
        id: credential.id,
        user_id: userId,
        name,
        public_key: credential.publicKey,
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        created_at: new Date().toISOString(),
      })
      .execute();
    await alongside?.(trx);
    return { ok: true, userId };
  });
}

/** Remove one of the user's passkeys; its name, or undefined when it is not theirs (or gone). */
export async function removePasskey(
  userId: string,
  id: string,
  /** What must commit with the removal (its audit entry, which names the passkey). */
  alongside?: (trx: Transaction<Database>, name: string) => Promise<void>,
): Promise<string | undefined> {
  const db = await database();
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("passkeys")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .returning("name")
      .executeTakeFirst();
    if (removed) await alongside?.(trx, removed.name);
    return removed?.name;
  });
}

/**
 * Options for signing in with a passkey. Alone (`forUser` null): any passkey of this site
 * (discoverable credentials), and the authenticator must check the user, since the passkey is
 * then both factors. As the second step after the password (`forUser` that account): one of
 * its passkeys, on a challenge bound to it; holding the passkey is the second factor.
 */
export async function authenticationOptions(
  request: Request,
  forUser: string | null = null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rpID = relyingParty(request).rpID;
  let options: PublicKeyCredentialRequestOptionsJSON;
  if (forUser === null) {
    options = await (await webAuthn()).generateAuthenticationOptions({ rpID, userVerification: "required" });
  } else {
    const db = await database();
    const mine = await db
      .selectFrom("passkeys")
      .select(["id", "transports"])
      .where("user_id", "=", forUser)
      .execute();
    options = await (await webAuthn()).generateAuthenticationOptions({
      rpID,
      allowCredentials: mine.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
      userVerification: "discouraged",
    });
  }
  await storeChallenge(options.challenge, "authenticate", forUser);
  return options;
}

export const PASSKEY_UNVERIFIED_MESSAGE =
  "Esta passkey não confirmou que é você (PIN, digital ou rosto). Para entrar só com a passkey, o aparelho precisa pedir essa confirmação; ou entre com e-mail e senha.";

/** A passkey answer that was refused, and the account its passkey belongs to (when it is one). */
export type PasskeySignInResult =
  | { ok: true; userId: string }
  | { ok: false; message: string; userId?: string; reason: string };

/**
 * Check a passkey answer. Alone (`forUser` null): any active account's passkey, and the user
 * must have been verified. As a second step (`forUser` the account that gave its password):
 * only that account's passkeys, on a challenge handed out for it; presence is enough.
 */
export async function verifyPasskeySignIn(
  request: Request,
  responseJson: string,
  forUser: string | null = null,
): Promise<PasskeySignInResult> {
  const response = parseCredential(responseJson) as AuthenticationResponseJSON | undefined;
  if (!response) return { ok: false, message: PASSKEY_REFUSED_MESSAGE, reason: "resposta inválida" };
  const db = await database();
  let query = db
    .selectFrom("passkeys as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.id", "p.user_id", "p.public_key", "p.counter", "p.transports"])
    .where("p.id", "=", response.id)
    .where("u.deactivated_at", "is", null);
  if (forUser !== null) query = query.where("p.user_id", "=", forUser);
  const stored = await query.executeTakeFirst();
  if (!stored)
    return {
      ok: false,
      message: forUser
        ? "Esta passkey não é desta conta."
        : "Esta passkey não está cadastrada em nenhuma conta ativa.",
      reason: "passkey desconhecida",
    };
  const refused = (message: string, reason: string): PasskeySignInResult => ({
    ok: false,
    message,
    userId: stored.user_id,
    reason,
  });
  const rp = relyingParty(request);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => claimChallenge(challenge, "authenticate", forUser),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: transportsOf(stored.transports),
      },
      // Checked below, to tell the person why: a passkey alone must have verified the user.
      requireUserVerification: false,
    });
  } catch {
    return refused(PASSKEY_REFUSED_MESSAGE, "assinatura recusada");
  }
  if (!verification.verified) return refused(PASSKEY_REFUSED_MESSAGE, "assinatura recusada");
  if (forUser === null && !verification.authenticationInfo.userVerified) {
    return refused(PASSKEY_UNVERIFIED_MESSAGE, "sem verificação do usuário");
  }
  await db
    .updateTable("passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date().toISOString() })
    .where("id", "=", stored.id)
    .execute();
  return { ok: true, userId: stored.user_id };
}

/** Remove challenges past their time (called from time to time, not on the request path). */
export async function deleteExpiredChallenges(): Promise<void> {
  const db = await database();
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", new Date().toISOString()).execute();
}
