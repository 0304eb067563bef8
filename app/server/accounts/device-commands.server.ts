import { roleCan } from "~/lib/roles";
import { answered, type CommandOutcome, done, forbidden, notFound } from "../platform/command-outcome.server";
import { type CurrentSession, endOtherSessions, endUserSession } from "./sessions.server";

// 'Dispositivos conectados': a person ends their own sessions, as commands (docs/decisions/0080);
// each session goes with its audit entry (sessions.server).

const DEVICES_PATH = "/admin/conta/dispositivos";
const SESSION_GONE_MESSAGE = "Esta sessão não existe mais; ela pode já ter sido encerrada.";

export async function endOtherDevices(actor: CurrentSession): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const ended = await endOtherSessions(actor);
  return done(
    {
      title: "Sessões encerradas!",
      description:
        ended === 1 ? "1 outra sessão foi encerrada." : `${ended} outras sessões foram encerradas.`,
    },
    DEVICES_PATH,
  );
}

/** End one of one's sessions; ending this very one answers `signedOutHere`, for the route to forget the cookie. */
export async function endDevice(
  actor: CurrentSession,
  input: { id: string },
): Promise<CommandOutcome<{ signedOutHere: true }>> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  if (!/^[0-9a-f]{64}$/.test(input.id) || !(await endUserSession(actor, input.id)))
    return notFound(SESSION_GONE_MESSAGE);
  if (input.id === actor.idHash) return answered({ signedOutHere: true });
  return done(
    { title: "Sessão encerrada!", description: "Aquele dispositivo precisa entrar de novo." },
    DEVICES_PATH,
  );
}
