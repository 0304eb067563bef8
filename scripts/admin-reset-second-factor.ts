// `npm run admin:reset-second-factor <e-mail>`: clears an account's second step (authenticator,
// recovery codes, passkeys) and its sessions, audited and announced by e-mail; for the last
// Administrador, whom no colleague can reset from the team screen. npm builds the site first
// when sources changed (scripts/build-if-needed.ts): the reset runs from the built bundle.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import type * as Bundle from "../app/site/server-bundle.server.ts";

process.env.NODE_ENV ??= "production";
// A path the type checker does not follow: the bundle is built, its types are the entry's.
const bundlePath = "../build/server/index.js";
const { runSecondFactorResetCli }: typeof Bundle = await import(bundlePath);
process.exitCode = await runSecondFactorResetCli(process.argv.slice(2), {
  out: (text: string) => console.log(text),
  err: (text: string) => console.error(text),
});
