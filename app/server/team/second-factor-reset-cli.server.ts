import { emailSchema } from "../config/admin-credentials.server";
import { ConfigurationError, loadConfiguration } from "../config/configuration.server";
import { stopDatabase } from "../db/database.server";
import { siteSettings } from "../settings/site-settings.server";
import { resetSecondFactorsByEmail } from "./second-factor-reset.server";

// `npm run admin:reset-second-factor <e-mail>`: the way back in for the last Administrador who
// lost the phone, the recovery codes and every passkey, when no colleague can reset the account
// from the team screen. Whoever runs it already holds the server, hence the database; the reset
// is still audited and the account's owner is told by e-mail, as when a colleague does it.

const USAGE = [
  "Uso: npm run admin:reset-second-factor <e-mail>",
  "Remove o aplicativo autenticador, os códigos de recuperação e as passkeys da conta e encerra as sessões dela;",
  "a senha continua valendo. Fica registrado na auditoria e a pessoa recebe um e-mail de aviso.",
].join("\n");

interface Terminal {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs the command; resolves to its exit code (0 done, 1 refused, 2 wrong usage). */
export async function runSecondFactorResetCli(args: string[], terminal: Terminal): Promise<number> {
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    terminal.err(USAGE);
    return 2;
  }
  const email = emailSchema.safeParse(args[0]);
  if (!email.success) {
    terminal.err(`${email.error.issues[0]?.message ?? "Informe um e-mail válido."}\n${USAGE}`);
    return 2;
  }
  try {
    loadConfiguration();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    terminal.err(error.message);
    return 1;
  }
  try {
    const result = await resetSecondFactorsByEmail(email.data, (await siteSettings()).site.name);
    if (!result.ok) {
      terminal.err(result.status === 404 ? `Nenhuma conta com o e-mail ${email.data}.` : result.message);
      return 1;
    }
    terminal.out(
      `Verificação em duas etapas de ${result.email} redefinida: a conta entra só com a senha e deve ativá-la de novo em 'Minha conta'.`,
    );
    terminal.out(
      "O aviso por e-mail está na fila; o servidor do site o envia (em até 10 s, se estiver no ar).",
    );
    return 0;
  } finally {
    await stopDatabase();
  }
}
