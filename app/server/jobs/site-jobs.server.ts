import type { JobScope } from "./job.server";

// The site's jobs by name (runtime/background.server.ts registers them; Site health shows one
// row each, in this order). The name is the jobs table's key: a renamed job starts over with a
// row of its own.

export const SCHEDULED_POSTS_JOB = "scheduled-posts";
export const LEAD_DIGEST_JOB = "lead-digest";
export const HOUSEKEEPING_JOB = "housekeeping";
export const OUTBOX_JOB = "outbox";
export const VISIT_COUNTS_JOB = "visit-counts";

export interface SiteJob {
  name: string;
  /** The job as the owner reads it on Site health (pt-BR). */
  title: string;
  scope: JobScope;
  /** Registered only when e-mail is on (SMTP_URL). */
  needsMail: boolean;
  /** What the owner misses while it does not run, for Site health (pt-BR, one sentence). */
  whileStopped: string;
}

export const SITE_JOBS: readonly SiteJob[] = [
  {
    name: SCHEDULED_POSTS_JOB,
    title: "Publicação agendada de posts",
    scope: "once-across-instances",
    needsMail: false,
    whileStopped: "Enquanto isso, os posts agendados não são publicados na hora marcada.",
  },
  {
    name: LEAD_DIGEST_JOB,
    title: "Resumo diário das solicitações",
    scope: "once-across-instances",
    needsMail: true,
    whileStopped: "Enquanto isso, o e-mail diário com as solicitações sem resposta não é enviado.",
  },
  {
    name: HOUSEKEEPING_JOB,
    title: "Limpeza de dados vencidos",
    scope: "once-across-instances",
    needsMail: false,
    whileStopped:
      "Enquanto isso, dados vencidos (sessões encerradas, solicitações além do prazo da política de " +
      "privacidade) ficam guardados além do prazo.",
  },
  {
    name: OUTBOX_JOB,
    title: "Envio de e-mails",
    scope: "every-instance",
    needsMail: true,
    whileStopped:
      "Enquanto isso, os e-mails do site (avisos de pedidos, convites, redefinições de senha) não saem.",
  },
  {
    name: VISIT_COUNTS_JOB,
    title: "Gravação das contagens de visitas",
    scope: "every-instance",
    needsMail: false,
    whileStopped: "Enquanto isso, as visitas ao site não entram nas contagens do Painel.",
  },
];
