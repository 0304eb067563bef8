import {
  deleteIds,
  erasable,
  type PersonalDataFinder,
  when,
} from "../personal-data/personal-data-finders.server";
import { namesSubject } from "../personal-data/subject-match.server";

// The personal data in team invitations, for the personal-data page, its export and its
// erasure (personal-data/personal-data-finders.server.ts holds the contract).

/** Invitations to join the team sent to the e-mail; an accepted one is part of an account. */
export const invitationsFinder: PersonalDataFinder = {
  key: "invitations",
  title: "Convites para a equipe",
  async find(db, subject) {
    if (subject.kind !== "email") return [];
    const rows = await db
      .selectFrom("invitations")
      .select(["id", "email", "role", "created_at", "expires_at", "accepted_at", "revoked_at"])
      .where((eb) => namesSubject(eb.ref("email"), subject))
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        "E-mail": row.email,
        "Enviado em": when(row.created_at),
        "Válido até": when(row.expires_at),
        "Aceito em": when(row.accepted_at),
        "Cancelado em": when(row.revoked_at),
      },
      ...(row.accepted_at
        ? { keptBecause: "Aceito: faz parte de uma conta da equipe, que se remove em Usuários." }
        : {}),
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "invitations", erasable(records), now);
  },
};
