import type { ReactNode } from "react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { LeadContactLinks } from "~/components/admin/lead-contact-links";
import { MaintainerDetails } from "~/components/admin/maintainer-details";
import { Badge, buttonClassName } from "~/components/admin/ui";
import type { EditorHome, HomeList } from "~/lib/admin-home";
import { roleCan } from "~/lib/roles";
import type { HealthRow, HealthStatus } from "~/lib/site-health";
import { formatListDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminPage } from "~/route-support/admin-guard.server";
import { administratorHome, editorHome } from "~/server/dashboard/index.server";
import type { Route } from "./+types/admin-inicio";

// Início do painel: what waits for someone. An Administrador sees the unanswered requests, the
// week against the last, the posts in the works, the site's health and the latest activity; an
// Editor, their own drafts and scheduled posts (see app/server/dashboard/admin-home.server.ts).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  // Requests, health and the audit log are personal or the site's: the Administrador's only.
  if (roleCan(session.user.role, "leads.read") && roleCan(session.user.role, "audit.read"))
    return { administrator: await administratorHome(), editor: null };
  return { administrator: null, editor: await editorHome(session.user.id) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Início do painel | Admin" },
  { name: "robots", content: "noindex" },
];

// The cards list addresses and titles, single long words a phone cannot fit: they wrap.
const cardClassName =
  "flex min-w-0 flex-col gap-4 break-words rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";
const linkClassName = "font-semibold text-brand-700 underline dark:text-brand-300";
const mutedClassName = "text-sm text-slate-600 dark:text-slate-400";

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClassName}>
      <h2 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "e mais N" under a list cut to its first rows. */
function More({ list, to, label }: { list: HomeList<unknown>; to: string; label: string }) {
  const rest = list.total - list.items.length;
  return (
    <p className="text-sm">
      <Link to={to} className={linkClassName}>
        {rest > 0 ? `${label} (mais ${rest})` : label}
      </Link>
    </p>
  );
}

function PostsInTheWorks({ home }: { home: EditorHome }) {
  return (
    <Card id="posts-em-andamento" title="Posts em andamento">
      <h3 className="font-semibold text-slate-900 dark:text-white">Agendados ({home.scheduled.total})</h3>
      {home.scheduled.total === 0 ? (
        <p className={mutedClassName}>Nenhum post agendado.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {home.scheduled.items.map((post) => (
            <li key={post.id} className="flex flex-col">
              <Link to={`/admin/posts/${post.id}`} className={linkClassName}>
                {post.title}
              </Link>
              <span className={mutedClassName}>
                Publica em <time dateTime={post.scheduled_at}>{formatListDateTime(post.scheduled_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-semibold text-slate-900 dark:text-white">Rascunhos ({home.drafts.total})</h3>
      {home.drafts.total === 0 ? (
        <p className={mutedClassName}>Nenhum rascunho.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {home.drafts.items.map((post) => (
            <li key={post.id} className="flex flex-col">
              <Link to={`/admin/posts/${post.id}`} className={linkClassName}>
                {post.title}
              </Link>
              <span className={mutedClassName}>
                Editado em <time dateTime={post.updated_at}>{formatListDateTime(post.updated_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <More list={home.drafts} to="/admin?status=draft" label="Ver os rascunhos" />
    </Card>
  );
}

const healthLabels: Record<HealthStatus, string> = { ok: "OK", warning: "Atenção", error: "Problema" };
const healthVariants = { ok: "published", warning: "archived", error: "danger" } as const;

/** A health row: the owner's words first; the commands folded away for whoever runs the server. */
function HealthItem({ row }: { row: HealthRow }) {
  return (
    <li className="flex flex-col gap-1">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={healthVariants[row.status]}>{healthLabels[row.status]}</Badge>
        <span className="font-semibold text-slate-900 dark:text-white">{row.title}</span>
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{row.detail}</p>
      {row.technical ? <MaintainerDetails about={row.title}>{row.technical}</MaintainerDetails> : null}
    </li>
  );
}

function weekComparison(thisWeek: number, lastWeek: number): string {
  if (thisWeek === lastWeek) return "O mesmo número da semana passada.";
  const difference = Math.abs(thisWeek - lastWeek);
  return thisWeek > lastWeek
    ? `${difference} a mais que na semana passada.`
    : `${difference} a menos que na semana passada.`;
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { administrator: home, editor } = loaderData;
  if (!home) {
    return (
      <AdminPage title="Início do painel">{editor ? <PostsInTheWorks home={editor} /> : null}</AdminPage>
    );
  }
  const leads = home.unansweredLeads;
  return (
    <AdminPage title="Início do painel">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
        <Card id="aguardando-resposta" title={`Solicitações sem resposta (${leads.total})`}>
          {leads.total === 0 ? (
            <p className={mutedClassName}>Nenhuma solicitação esperando. Tudo respondido.</p>
          ) : (
            <ol className="flex flex-col gap-4">
              {leads.items.map((lead) => (
                <li
                  key={lead.id}
                  className="flex flex-col gap-2 border-b border-slate-200 pb-4 last:border-0 last:pb-0 dark:border-slate-800"
                >
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link to={`/admin/solicitacoes/${lead.id}`} className={linkClassName}>
                      {lead.name}
                    </Link>
                    <span className={mutedClassName}>
                      Recebida em{" "}
                      <time dateTime={lead.created_at}>{formatListDateTime(lead.created_at)}</time>
                    </span>
                  </p>
                  <p className={mutedClassName}>{lead.phone}</p>
                  <LeadContactLinks name={lead.name} phone={lead.phone} digits={lead.phoneDigits} />
                </li>
              ))}
            </ol>
          )}
          <More list={leads} to="/admin/solicitacoes?status=novo" label="Abrir a caixa de entrada" />
        </Card>

        <Card id="semana" title="Solicitações por semana">
          <dl className="grid grid-cols-2 gap-4">
            <div>
              <dt className={mutedClassName}>Esta semana</dt>
              <dd className="text-3xl font-bold text-slate-900 dark:text-white">{home.requestsThisWeek}</dd>
            </div>
            <div>
              <dt className={mutedClassName}>Semana passada</dt>
              <dd className="text-3xl font-bold text-slate-900 dark:text-white">{home.requestsLastWeek}</dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {weekComparison(home.requestsThisWeek, home.requestsLastWeek)}
          </p>
          <p className="text-sm">
            <Link to="/admin/solicitacoes/painel" className={linkClassName}>
              Ver o painel das solicitações
            </Link>
          </p>
        </Card>

        <PostsInTheWorks home={home} />

        <Card id="saude" title="Saúde do site">
          <ul className="flex flex-col gap-3">
            {home.health.map((row) => (
              <HealthItem key={row.id} row={row} />
            ))}
          </ul>
        </Card>
      </div>

      <Card id="atividade" title="Atividade recente">
        {home.recentAudit.length === 0 ? (
          <p className={mutedClassName}>Nada registrado ainda.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {home.recentAudit.map((entry) => (
              <li key={entry.id} className="text-sm text-slate-700 dark:text-slate-300">
                <time dateTime={entry.at} className="text-slate-600 dark:text-slate-400">
                  {formatListDateTime(entry.at)}
                </time>{" "}
                · {entry.userEmail ?? "Sistema"} · {entry.actionLabel}
                {entry.targetLabel ? `: ${entry.targetLabel}` : ""}
              </li>
            ))}
          </ol>
        )}
        <p className="text-sm">
          <Link to="/admin/auditoria" className={buttonClassName("secondary", "sm")}>
            Abrir a auditoria
          </Link>
        </p>
      </Card>
    </AdminPage>
  );
}
