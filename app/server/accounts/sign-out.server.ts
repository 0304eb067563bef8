import { auditedChange } from "../commands/audited-change.server";
import { destroySession, getSession } from "./sessions.server";

// 'Sair': the session row goes with its "signin.signout" entry, in one transaction. A request
// without a live session signs nobody out and records nothing; either way the answer's
// Set-Cookie makes the browser forget the cookie.

export async function signOut(request: Request): Promise<{ setCookie: string }> {
  const session = await getSession(request);
  if (session) {
    await auditedChange(session, async (trx) => {
      await trx.deleteFrom("sessions").where("id_hash", "=", session.idHash).execute();
      return { value: null, audit: { action: "signin.signout" } };
    });
  }
  return { setCookie: await destroySession(request) };
}
