// `npm run admin:create`: create an admin for the blog (or set a new password for an existing
// e-mail). Reads ADMIN_EMAIL and ADMIN_PASSWORD, or asks for them; the password is never
// echoed or logged. Uses the same database configuration as the server.
// The maintainer's `.env` first (scripts/env-file.js); the real environment wins over it.
import "./env-file.js";
import { createInterface } from "node:readline/promises";
// Runs the sources directly (app/server/runtime/maintenance.server.ts): no build needed.
import * as site from "../app/server/runtime/maintenance.server.ts";

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) {
    console.error("Defina ADMIN_EMAIL e ADMIN_PASSWORD ou rode o comando em um terminal interativo.");
    process.exit(2);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Print the prompt, then swallow the echo of what is typed.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    const write = output._writeToOutput.bind(rl);
    output._writeToOutput = (text: string) => write(text.startsWith(question) ? question : "");
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer;
}

const email = process.env.ADMIN_EMAIL || (await ask("E-mail do administrador: "));
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  password = await ask("Senha (mínimo 8 caracteres; sugerimos 15 ou mais): ", true);
  if ((await ask("Repita a senha: ", true)) !== password) {
    console.error("As senhas não conferem.");
    process.exit(1);
  }
}

const parsed = site.adminCredentialsSchema.safeParse({ email, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  process.exit(1);
}

try {
  // ADMIN_EMAIL and ADMIN_PASSWORD were asked for above when missing, and checked: the rest of
  // the configuration is the server's.
  await site.startDatabase({ ...process.env, ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
  const result = await site.upsertAdmin(parsed.data);
  console.log(
    result === "created"
      ? `Administrador ${parsed.data.email} criado. Entre em /auth.`
      : `Senha de ${parsed.data.email} atualizada; as sessões abertas foram encerradas.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await site.stopDatabase();
}
