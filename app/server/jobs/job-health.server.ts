import type { HealthRow } from "~/lib/site-health";
import { formatListDateTime } from "~/lib/site-time";
import { startDatabase } from "../db/database.server";
import type { JobState } from "./job.server";
import { localJobState } from "./job-service.server";
import { jobStateOfRow, readJobRows } from "./job-store.server";
import { SITE_JOBS, type SiteJob } from "./site-jobs.server";

// Site health's rows of the jobs: one per job of the site, with its last run, its next one and,
// when the last run failed, its error. A job that runs once across instances is read from its
// row in the jobs table (whichever instance ran it); one that runs on every instance from this
// process's service, the one that answers the page.

const LOG_HINT = 'Os detalhes estão no registro (log) do servidor, na linha "job failed".';

/** "02/12/2026, 08:00", or "nunca". */
function when(iso: string | null): string {
  return iso ? formatListDateTime(iso) : "nunca";
}

function jobRow(job: SiteJob, state: JobState | undefined, mailEnabled: boolean): HealthRow {
  const id = `job:${job.name}` as const;
  const here = job.scope === "every-instance" ? " neste servidor" : "";
  if (!state?.lastRunAt) {
    if (job.needsMail && !mailEnabled) {
      return {
        id,
        status: "ok",
        title: `${job.title}: desligado`,
        detail: "Começa a funcionar quando o envio de e-mail for configurado (veja a linha do e-mail).",
        technical: "Só roda com SMTP_URL definido.",
      };
    }
    if (state?.nextRunAt) {
      return {
        id,
        status: "ok",
        title: job.title,
        detail: `Ainda não rodou${here}; a primeira execução está prevista para ${when(state.nextRunAt)}.`,
      };
    }
    return {
      id,
      status: "warning",
      title: `${job.title}: ainda não rodou`,
      detail:
        `Esta tarefa automática ainda não rodou${here}. ${job.whileStopped} Se continuar assim depois ` +
        "de alguns minutos, avise quem cuida do servidor.",
      technical:
        "Nenhuma execução registrada: a tarefa roda com o site no ar. Reinicie o site e veja o " +
        "registro (log) do servidor.",
    };
  }
  const next = state.nextRunAt ? ` Próxima execução: ${when(state.nextRunAt)}.` : "";
  if (state.lastError !== null) {
    return {
      id,
      status: "error",
      title: `${job.title}: a última execução falhou`,
      detail:
        `A última execução, em ${when(state.lastRunAt)}, falhou; a tarefa tenta de novo sozinha. ` +
        `${job.whileStopped}${next} Última execução bem-sucedida: ${when(state.lastSuccessAt)}. Se ` +
        "continuar falhando, avise quem cuida do servidor.",
      technical: `Erro: ${state.lastError}. ${state.attempts.toLocaleString("pt-BR")}ª falha seguida. ${LOG_HINT}`,
    };
  }
  const took = state.lastDurationMs === null ? "" : ` (${state.lastDurationMs.toLocaleString("pt-BR")} ms)`;
  return {
    id,
    status: "ok",
    title: job.title,
    detail: `Última execução em ${when(state.lastRunAt)}${took}.${next}`,
  };
}

/** One row per site job, in SITE_JOBS' order. */
export async function jobHealthRows(mailEnabled: boolean): Promise<HealthRow[]> {
  const { db } = await startDatabase();
  const shared = SITE_JOBS.filter((job) => job.scope === "once-across-instances").map((job) => job.name);
  const rows = new Map((await readJobRows(db, shared)).map((row) => [row.name, row]));
  return SITE_JOBS.map((job) => {
    const row = rows.get(job.name);
    const state =
      job.scope === "every-instance" ? localJobState(job.name) : row && jobStateOfRow(row, job.scope);
    return jobRow(job, state, mailEnabled);
  });
}
