import { Form, Link, redirect } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DeleteForm } from "~/components/admin/row-actions";
import { Button, buttonClassName } from "~/components/admin/ui";
import { deviceLabel } from "~/lib/device-label";
import { formatListDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { destroySession, endDevice, endOtherDevices, listUserSessions } from "~/server/accounts/index.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import type { Route } from "./+types/admin-conta-dispositivos";

// 'Dispositivos conectados': the signed-in user's own sessions (browser, address, last
// activity), each with 'Encerrar', and 'Encerrar todas as outras'. Only one's own sessions.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const sessions = await listUserSessions(session.user.id);
  return {
    sessions: sessions.map((row) => ({
      id: row.idHash,
      device: deviceLabel(row.userAgent),
      address: row.ipAddress,
      signedInAt: formatListDateTime(row.createdAt),
      lastSeenAt: formatListDateTime(row.lastSeenAt),
      current: row.idHash === session.idHash,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  if (intent === "end-others") return answerCommand(session, await endOtherDevices(session));
  if (intent !== "end") return answerCommand(session, refused("Ação desconhecida."));
  const outcome = await endDevice(session, { id: formText(form, "id") });
  // Ending this very session is signing out here.
  if (outcome.kind === "answered")
    throw redirect("/auth", { headers: { "Set-Cookie": await destroySession(request) } });
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Dispositivos conectados | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminDevices({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions } = loaderData;
  const others = sessions.filter((row) => !row.current).length;
  return (
    <AdminPage title="Dispositivos conectados" failure={actionData}>
      <section
        aria-labelledby="sessoes"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessoes" className="text-xl font-bold text-slate-900 dark:text-white">
            Sessões abertas na sua conta
          </h2>
          {others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="end-others" />
              <Button type="submit" variant="danger" size="sm">
                Encerrar todas as outras
              </Button>
            </Form>
          ) : null}
        </div>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          Se não reconhece um dispositivo, encerre a sessão dele e troque a sua senha.
        </p>
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {sessions.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold text-slate-900 dark:text-white">
                  {row.device}
                  {row.current ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      Este dispositivo
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {row.address ? `Endereço ${row.address} · ` : ""}
                  Entrou em {row.signedInAt} · Última atividade em {row.lastSeenAt}
                </p>
              </div>
              <DeleteForm
                id={row.id}
                intent="end"
                question={
                  row.current
                    ? "Encerrar esta sessão? Você sairá do painel neste dispositivo."
                    : `Encerrar a sessão de ${row.device}?`
                }
                label={`Encerrar a sessão de ${row.device}${row.current ? " (este dispositivo)" : ""}`}
              >
                Encerrar
              </DeleteForm>
            </li>
          ))}
        </ul>
      </section>
      <Link to="/admin/conta" className={buttonClassName("secondary")}>
        Voltar para Minha conta
      </Link>
    </AdminPage>
  );
}
