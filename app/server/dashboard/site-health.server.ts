import { formatCountOf } from "~/lib/count-format";
import type { HealthCheckId, HealthRow } from "~/lib/site-health";
import { formatListDateTime } from "~/lib/site-time";
import { type Configuration, configuration } from "../config/configuration.server";
import { formatBytes } from "../db/backup-cli.server";
import { readBackupRecord } from "../db/backup-record.server";
import { startDatabase } from "../db/database.server";
import { DATABASE_TLS_HOW_TO, hostWithoutTls } from "../db/database-tls.server";
import { mailConfig } from "../email/mail-config.server";
import { defaultOutboxPolicy, retryDelayMs } from "../email/outbox.server";
import {
  isOnThisMachine,
  isSmtpWithoutTlsError,
  LOCAL_RELAY_VARIABLE,
} from "../email/smtp-without-tls.server";
import { jobHealthRows } from "../jobs/job-health.server";
import { SITE_JOBS } from "../jobs/site-jobs.server";
import { logEvent } from "../platform/log.server";
import { companyDefaults } from "../settings/company-defaults.server";

// The admin home's health list, in the manner of WordPress's Site Health: each check a small
// function of its own (one indexed query at most, small tables or LIMITed reads), each row
// saying, unless it is ok, what is wrong and what it means for the company in the owner's words,
// with the commands and settings for whoever runs the server apart (HealthRow.technical). A check that fails to compute (the database away, a bad
// value) becomes a warning row that says so; it never takes the other rows, nor the page, down.
// After the checks, one row per job of the site: its last run, its next one, its last error.

/** A backup older than this many days is a warning… */
export const BACKUP_WARNING_DAYS = 2;
/** …and older than this many days, an error. */
export const BACKUP_ERROR_DAYS = 7;
/** A message that failed this many times (about 8 minutes of failures) makes the outbox an error. */
export const OUTBOX_ERROR_ATTEMPTS = 5;
/** The e-mails a row names at most; beyond, "e mais N". */
const NAMED_AT_MOST = 5;
/** Accounts or invitations read at most (a company's team is a handful of people). */
const TEAM_READ_LIMIT = 100;

const DAY_MS = 86_400_000;

export interface SiteHealthOptions {
  now?: Date;
  /** Where SMTP_URL and PUBLIC_URL come from (the site's configuration unless a test says). */
  configuration?: Configuration;
}

interface CheckContext {
  now: Date;
  configuration: Configuration;
}

/** Every row of the list, in order; never throws. */
export async function siteHealth(options: SiteHealthOptions = {}): Promise<HealthRow[]> {
  const context: CheckContext = {
    now: options.now ?? new Date(),
    configuration: options.configuration ?? configuration(),
  };
  const checks: Array<[HealthCheckId, string, (context: CheckContext) => Promise<HealthRow>]> = [
    ["smtp", "Envio de e-mail", smtpCheck],
    ["outbox", "Fila de e-mails", outboxCheck],
    ["backup", "Backup", backupCheck],
    ["public-url", "Endereço público (HTTPS)", publicUrlCheck],
    ["database-tls", "Conexão com o banco de dados", databaseTlsCheck],
    ["second-factor", "Segundo fator das contas", secondFactorCheck],
    ["invitations", "Convites pendentes", invitationsCheck],
  ];
  const [rows, jobs] = await Promise.all([
    Promise.all(checks.map(([id, subject, check]) => safely(id, subject, () => check(context)))),
    jobsCheck(context),
  ]);
  return [...rows, ...jobs];
}

/** One row per job (app/server/jobs/job-health.server.ts); warnings that say so when unreadable. */
async function jobsCheck({ configuration }: CheckContext): Promise<HealthRow[]> {
  let mailEnabled = true;
  try {
    mailEnabled = mailConfig(configuration, companyDefaults(configuration)).enabled;
  } catch {
    // The e-mail row says what is wrong with SMTP_URL; the e-mail jobs are shown as if it were on.
  }
  try {
    return await jobHealthRows(mailEnabled);
  } catch (error) {
    logEvent("warn", "site health check failed", { check: "jobs", error: String(error) });
    return SITE_JOBS.map((job) => unverifiable(`job:${job.name}`, job.title));
  }
}

async function safely(
  id: HealthCheckId,
  subject: string,
  check: () => Promise<HealthRow>,
): Promise<HealthRow> {
  try {
    return await check();
  } catch (error) {
    logEvent("warn", "site health check failed", { check: id, error: String(error) });
    return unverifiable(id, subject);
  }
}

function unverifiable(id: HealthCheckId, subject: string): HealthRow {
  return {
    id,
    status: "warning",
    title: `${subject}: não foi possível verificar`,
    detail:
      "Não foi possível conferir este item agora. Recarregue a página em alguns instantes; se " +
      "continuar assim, avise quem cuida do servidor.",
    technical:
      "A verificação falhou (o banco de dados pode estar indisponível): veja o registro (log) do " +
      'servidor, na linha "site health check failed".',
  };
}

/** The first few e-mails, and how many more. */
function someEmails(emails: string[]): string {
  const named = emails.slice(0, NAMED_AT_MOST).join(", ");
  const more = emails.length - NAMED_AT_MOST;
  return more > 0 ? `${named} e mais ${more.toLocaleString("pt-BR")}` : named;
}

const relative = new Intl.RelativeTimeFormat("pt-BR", { numeric: "always" });

/** How long ago, in pt-BR: "há 5 minutos", "há 3 horas", "há 2 dias". */
export function timeAgo(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "há menos de 1 minuto";
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return relative.format(-hours, "hour");
  return relative.format(-Math.floor(hours / 24), "day");
}

/** What a stopped delivery means for the owner: nothing is lost. */
const NOTHING_LOST =
  "Os pedidos de orçamento continuam salvos em Solicitações, e as mensagens esperam na fila e saem " +
  "sozinhas quando o envio voltar a funcionar.";

const SMTP_HOW_TO =
  "Confira SMTP_URL no ambiente do servidor (servidor, porta, usuário e senha) e se o servidor de " +
  "e-mail aceita conexões desta máquina.";

/** SMTP configured, and how the last delivery went (the outbox's last sent vs. last failure). */
async function smtpCheck({ configuration }: CheckContext): Promise<HealthRow> {
  const mail = mailConfig(configuration, companyDefaults(configuration));
  if (!mail.enabled) {
    return {
      id: "smtp",
      status: "warning",
      title: "E-mail não configurado",
      detail:
        "Os pedidos de orçamento ficam salvos aqui no painel, mas ninguém é avisado por e-mail quando " +
        "chega um novo, e convites e redefinições de senha não são enviados. Peça a quem cuida do " +
        "servidor para configurar o envio de e-mail.",
      technical:
        "Defina SMTP_URL no ambiente do servidor (ex.: smtp://usuario:senha@servidor:587) e reinicie " +
        "o site; as mensagens da fila saem em seguida.",
    };
  }
  const { db } = await startDatabase();
  // Both reads walk outbox_pending_idx (sent_at, next_attempt_at) from one end: one row each.
  const [lastSent, lastFailing] = await Promise.all([
    db
      .selectFrom("outbox")
      .select("sent_at")
      .where("sent_at", "is not", null)
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("outbox")
      .select(["attempts", "next_attempt_at", "last_error"])
      .where("sent_at", "is", null)
      .where("attempts", ">", 0)
      .orderBy("next_attempt_at", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const sentAt = lastSent?.sent_at ? String(lastSent.sent_at) : null;
  // The outbox keeps when a failed message is tried next, not when it failed: the failure was
  // that retry delay earlier (its nominal value; the jitter moves it by a fifth at most).
  const failedAt = lastFailing
    ? Date.parse(String(lastFailing.next_attempt_at)) -
      retryDelayMs(Number(lastFailing.attempts), defaultOutboxPolicy, () => 0.5)
    : null;
  if (failedAt !== null && (sentAt === null || failedAt > Date.parse(sentAt))) {
    if (isSmtpWithoutTlsError(lastFailing?.last_error)) {
      return {
        id: "smtp",
        status: "error",
        title: "E-mails parados: o servidor de e-mail não protege a conexão",
        detail:
          "O servidor de e-mail não oferece uma conexão protegida, e o site não manda por ela a senha " +
          "do e-mail nem os pedidos de orçamento: nenhum e-mail saiu, nem avisos de pedidos, nem " +
          `convites. ${NOTHING_LOST} Peça a quem cuida do servidor para ajustar o servidor de e-mail.`,
        technical:
          `O servidor ${mail.server} não ofereceu TLS (STARTTLS). Use o endereço do provedor com ` +
          "STARTTLS (smtp://…:587) ou com TLS direto (smtps://…:465) em SMTP_URL. Só se " +
          `${mail.server} for um relay local sem TLS (nesta máquina ou na rede interna), defina ` +
          `${LOCAL_RELAY_VARIABLE}=true e reinicie o site; as mensagens saem em seguida.`,
      };
    }
    const error = lastFailing?.last_error ? ` Erro: ${lastFailing.last_error}.` : "";
    return {
      id: "smtp",
      status: "error",
      title: "O último envio de e-mail falhou",
      detail:
        "Os avisos de novos pedidos, os convites e as redefinições de senha não estão chegando. " +
        `${NOTHING_LOST} Último envio bem-sucedido: ${sentAt ? formatListDateTime(sentAt) : "nunca"}. ` +
        "Peça a quem cuida do servidor para conferir o envio de e-mail.",
      technical: `O servidor ${mail.server} recusou ou não respondeu.${error} ${SMTP_HOW_TO}`,
    };
  }
  const sending = sentAt
    ? `Último envio em ${formatListDateTime(sentAt)}, pelo servidor ${mail.server}.`
    : `Envio pelo servidor ${mail.server}; nenhuma mensagem foi enviada ainda.`;
  if (!mail.requireTls && !isOnThisMachine(mail.smtpUrl)) {
    // Without TLS a machine in between can read the password, or pose as the server.
    return {
      id: "smtp",
      status: "warning",
      title: "E-mail enviado sem proteção pela rede",
      detail:
        `${sending} O e-mail vai sem proteção até um servidor em outra máquina: a senha do e-mail e ` +
        "os pedidos de orçamento podem ser lidos no caminho. Peça a quem cuida do servidor para " +
        "proteger o envio.",
      technical:
        `${LOCAL_RELAY_VARIABLE}=true faz o envio sem criptografia, e ${mail.server} não está nesta ` +
        `máquina. Remova ${LOCAL_RELAY_VARIABLE} se o servidor oferece STARTTLS, ou use smtps://; ` +
        "mantenha-a só para um relay da rede interna.",
    };
  }
  return {
    id: "smtp",
    status: "ok",
    title: sentAt ? "E-mail funcionando" : "E-mail configurado",
    detail: sending,
    ...(mail.requireTls ? {} : { technical: `Relay local, sem TLS (${LOCAL_RELAY_VARIABLE}=true).` }),
  };
}

/** Messages that failed and are waiting for another attempt (the outbox retries forever). */
async function outboxCheck(): Promise<HealthRow> {
  const { db } = await startDatabase();
  // The unsent rows only (outbox_pending_idx): the sent ones, nearly all of them, are not read.
  const row = await db
    .selectFrom("outbox")
    .select((eb) => [
      eb.fn.countAll<number>().as("failing"),
      eb.fn.min("created_at").as("oldest"),
      eb.fn.max("attempts").as("attempts"),
    ])
    .where("sent_at", "is", null)
    .where("attempts", ">", 0)
    .executeTakeFirst();
  const failing = Number(row?.failing ?? 0);
  if (failing === 0) {
    return {
      id: "outbox",
      status: "ok",
      title: "Nenhum e-mail com falha",
      detail: "Nenhuma mensagem da fila está esperando nova tentativa depois de uma falha.",
    };
  }
  const since = row?.oldest ? ` desde ${formatListDateTime(String(row.oldest))}` : "";
  return {
    id: "outbox",
    status: Number(row?.attempts ?? 0) >= OUTBOX_ERROR_ATTEMPTS ? "error" : "warning",
    title: `${formatCountOf(failing, { one: "e-mail", many: "e-mails" })} com falha de envio`,
    detail:
      `${failing === 1 ? "Ele está" : "Eles estão"} na fila${since} e ainda não ` +
      `${failing === 1 ? "chegou a quem devia" : "chegaram a quem deviam"}; o site tenta de novo sozinho. ` +
      "Os pedidos de orçamento continuam salvos em Solicitações. Se não sair logo, peça a quem cuida " +
      "do servidor para conferir o envio de e-mail.",
    technical: `O intervalo entre as tentativas cresce até 1 hora. ${SMTP_HOW_TO}`,
  };
}

/** The age of the last `npm run db:backup`, from the record the command leaves in settings. */
async function backupCheck({ now }: CheckContext): Promise<HealthRow> {
  const { db, config } = await startDatabase();
  const command = config.engine === "postgres" ? "npm run db:backup -- --pg-dump" : "npm run db:backup";
  const schedule =
    `Rode ${command} no servidor agora e confira o agendamento diário (o timer ` +
    "alvorada-site-backup do systemd; veja docs/operations.md). Guarde cópias fora do servidor.";
  const record = await readBackupRecord(db);
  if (!record) {
    return {
      id: "backup",
      status: "error",
      title: "Último backup: nunca",
      detail:
        "Nenhuma cópia de segurança do site foi feita até hoje. Se o servidor quebrar ou o disco se " +
        "perder, as solicitações de orçamento, os posts e tudo o que foi cadastrado no painel se perdem " +
        "de vez. Peça a quem cuida do servidor para fazer um backup agora e deixar um agendado por dia.",
      technical: `Não há registro de backup feito com ${command}. ${schedule}`,
    };
  }
  const age = now.getTime() - Date.parse(record.finishedAt);
  const status =
    age >= BACKUP_ERROR_DAYS * DAY_MS ? "error" : age >= BACKUP_WARNING_DAYS * DAY_MS ? "warning" : "ok";
  const finished = formatListDateTime(record.finishedAt);
  const file = `Arquivo: ${record.file} (${formatBytes(record.bytes)}).`;
  if (status === "ok") {
    return {
      id: "backup",
      status,
      title: `Último backup ${timeAgo(age)}`,
      detail: `Concluído em ${finished}.`,
      technical: file,
    };
  }
  return {
    id: "backup",
    status,
    title: `Último backup ${timeAgo(age)}`,
    detail:
      `A última cópia de segurança é de ${finished}, há mais de ${
        status === "error" ? BACKUP_ERROR_DAYS : BACKUP_WARNING_DAYS
      } dias, e deveria haver uma por dia. Se o servidor quebrar agora, as solicitações de orçamento ` +
      "e os posts desde então se perdem. Peça a quem cuida do servidor para conferir o backup diário.",
    technical: `${file} ${schedule}`,
  };
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** PUBLIC_URL on https (http://localhost is the demo's default: a warning, not an error). */
async function publicUrlCheck({ configuration }: CheckContext): Promise<HealthRow> {
  const publicUrl = configuration.site.publicUrl;
  const url = new URL(publicUrl);
  if (url.protocol === "https:") {
    return {
      id: "public-url",
      status: "ok",
      title: "Endereço público com HTTPS",
      detail: `O site se apresenta como ${publicUrl}.`,
    };
  }
  if (LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost")) {
    return {
      id: "public-url",
      status: "warning",
      title: "Endereço público local (desenvolvimento)",
      detail:
        `O site está com um endereço de teste (${publicUrl}): os links dos e-mails, a lista de páginas ` +
        "para o Google e as prévias ao compartilhar apontam para ele, não para o endereço de verdade. " +
        "Normal enquanto o site é preparado; antes de divulgá-lo, peça a quem cuida do servidor para " +
        "configurar o endereço definitivo, com https.",
      technical:
        "Defina PUBLIC_URL com o endereço https do site (ex.: https://www.empresa.com.br) e reinicie.",
    };
  }
  return {
    id: "public-url",
    status: "error",
    title: "Endereço público sem HTTPS",
    detail:
      `O site está no ar sem o cadeado do https (${publicUrl}): senhas e pedidos de orçamento passam ` +
      'pela internet sem proteção, e o navegador avisa os visitantes que o site "não é seguro". Peça a ' +
      "quem cuida do servidor para ativar o https.",
    technical:
      `PUBLIC_URL é ${publicUrl}, e o login não usa cookie seguro. Sirva o site com HTTPS (o Caddy ` +
      `obtém o certificado sozinho), defina PUBLIC_URL como https://${url.host} e reinicie.`,
  };
}

/** PostgreSQL on another machine without sslmode: the password and the data in clear. */
async function databaseTlsCheck({ configuration }: CheckContext): Promise<HealthRow> {
  const { database } = configuration;
  const host = hostWithoutTls(database);
  if (host !== undefined) {
    return {
      id: "database-tls",
      status: "warning",
      title: "Dados do site passam pela rede sem proteção",
      detail:
        "O banco de dados fica em outra máquina, e a conexão até ele não é protegida: os pedidos de " +
        "orçamento, as sessões de quem entra no painel e a senha do banco podem ser lidos no caminho. " +
        "Peça a quem cuida do servidor para proteger essa conexão.",
      technical: `DATABASE_URL aponta para outra máquina (${host}) sem sslmode. ${DATABASE_TLS_HOW_TO}`,
    };
  }
  return database.engine === "sqlite"
    ? {
        id: "database-tls",
        status: "ok",
        title: "Banco de dados nesta máquina",
        detail: "Os dados ficam num arquivo deste servidor e não passam pela rede.",
        technical: "SQLite, um arquivo local.",
      }
    : {
        id: "database-tls",
        status: "ok",
        title: "Conexão com o banco de dados protegida",
        detail: "O banco de dados está nesta máquina ou é alcançado por uma conexão protegida.",
        technical: "PostgreSQL nesta máquina ou com TLS (sslmode em DATABASE_URL).",
      };
}

/** Active accounts with neither a confirmed TOTP secret nor a passkey. */
async function secondFactorCheck(): Promise<HealthRow> {
  const { db } = await startDatabase();
  const rows = await db
    .selectFrom("users as u")
    .select("u.email")
    .where("u.deactivated_at", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("totp_secrets as t")
            .select("t.user_id")
            .whereRef("t.user_id", "=", "u.id")
            .where("t.confirmed_at", "is not", null),
        ),
      ),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("passkeys as p").select("p.id").whereRef("p.user_id", "=", "u.id"))),
    )
    .orderBy("u.email")
    .limit(TEAM_READ_LIMIT)
    .execute();
  if (rows.length === 0) {
    return {
      id: "second-factor",
      status: "ok",
      title: "Todas as contas têm segundo fator",
      detail: "Cada conta ativa entra com verificação em duas etapas ou passkey além da senha.",
    };
  }
  return {
    id: "second-factor",
    status: "warning",
    title: `${formatCountOf(rows.length, { one: "conta", many: "contas" })} sem segundo fator`,
    detail:
      `Sem verificação em duas etapas nem passkey: ${someEmails(rows.map((row) => row.email))}. ` +
      "Se a senha vazar, a conta fica exposta. Peça a cada pessoa que configure uma em Minha conta, " +
      "ou torne o segundo fator obrigatório para a equipe em Usuários.",
  };
}

/** Invitations not accepted, not revoked and not expired: live links to join the team. */
async function invitationsCheck({ now }: CheckContext): Promise<HealthRow> {
  const { db } = await startDatabase();
  const rows = await db
    .selectFrom("invitations")
    .select("email")
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("expires_at")
    .limit(TEAM_READ_LIMIT)
    .execute();
  if (rows.length === 0) {
    return {
      id: "invitations",
      status: "ok",
      title: "Nenhum convite pendente",
      detail: "Não há convite para a equipe esperando aceite.",
    };
  }
  return {
    id: "invitations",
    status: "warning",
    title: formatCountOf(rows.length, { one: "convite pendente", many: "convites pendentes" }),
    detail:
      `Esperando aceite: ${someEmails(rows.map((row) => row.email))}. Quem tiver o link pode criar a ` +
      "conta até ele expirar. Se alguém não vai mais entrar na equipe, cancele o convite em Usuários.",
  };
}
