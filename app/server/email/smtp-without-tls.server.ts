import { isLoopbackAddress } from "../platform/ip-address.server";

// An smtp:// server that offers no STARTTLS gets nothing (nodemailer's requireTLS): the SMTP
// password and the quote requests would cross the network in clear. The failure is recorded in
// the outbox in pt-BR, in words Site health recognises, so the owner reads why and what to set.

/** The start of the outbox's last_error when the server offered no STARTTLS. */
const NO_STARTTLS = "o servidor não ofereceu TLS (STARTTLS)";

/** The variable that declares a local relay without TLS (the configuration schema's). */
export const LOCAL_RELAY_VARIABLE = "SMTP_LOCAL_RELAY_WITHOUT_TLS";

/** nodemailer's error when the server answered STARTTLS with a refusal (it never offered it). */
function isStartTlsRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, command } = error as Error & { code?: unknown; command?: unknown };
  return code === "ETLS" && command === "STARTTLS";
}

/** The error to record: a refused STARTTLS becomes a pt-BR one; any other passes unchanged. */
export function explainSmtpWithoutTls(error: unknown): unknown {
  if (!isStartTlsRefusal(error)) return error;
  const reply = (error as Error & { response?: unknown }).response;
  return new Error(
    `${NO_STARTTLS}; nada foi enviado sem criptografia (resposta: ${String(reply ?? "nenhuma")}). ` +
      `Só para um relay local sem TLS: ${LOCAL_RELAY_VARIABLE}=true`,
  );
}

/** Whether an outbox error is that refusal. */
export function isSmtpWithoutTlsError(lastError: string | null | undefined): boolean {
  return lastError?.startsWith(NO_STARTTLS) ?? false;
}

/** SMTP_URL's host is localhost or a loopback address: mail in clear never leaves the machine. */
export function isOnThisMachine(smtpUrl: string): boolean {
  const host = new URL(smtpUrl).hostname.replace(/^\[(.+)\]$/, "$1");
  return host.toLowerCase() === "localhost" || isLoopbackAddress(host);
}
