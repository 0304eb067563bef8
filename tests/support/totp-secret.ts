import { decryptTotpSecret } from "~/server/accounts/second-factor-secrets.server";
import { configurationFrom } from "~/server/config/configuration.server";
import { e2eDatabaseEnv } from "./e2e-env";

// The database keeps TOTP secrets encrypted with the site secret of the server's DATA_DIR
// (docs/decisions/0046). A test that plays the owner's phone reads the secret the way the
// server does, with that server's configuration.

/** The TOTP secret (base32) of a stored `totp_secrets.secret`, for the server configured by `env`. */
export function storedTotpSecret(
  userId: string,
  stored: string,
  env: Record<string, string | undefined> = e2eDatabaseEnv,
): string {
  const secret = decryptTotpSecret(userId, stored, configurationFrom(env));
  if (secret === undefined)
    throw new Error(`the TOTP secret of ${userId} cannot be decrypted with that DATA_DIR`);
  return secret;
}
