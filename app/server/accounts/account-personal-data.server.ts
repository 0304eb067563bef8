import {
  deleteIds,
  erasable,
  type PersonalDataFinder,
  when,
} from "../personal-data/personal-data-finders.server";
import { bucketOf, namesSubject } from "../personal-data/subject-match.server";

// The personal data of sign-in attempts and team accounts, for the personal-data page, its
// export and its erasure (personal-data/personal-data-finders.server.ts holds the contract).

/** Rate-limit events named after the e-mail (sign-in failures, password-reset requests). */
export const rateLimitEventsFinder: PersonalDataFinder = {
  key: "rateLimitEvents",
  title: "Registros de tentativas (limite de acessos)",
  async find(db, subject) {
    if (subject.kind !== "email") return [];
    const rows = await db
      .selectFrom("rate_limit_events")
      .select(["id", "bucket", "created_at"])
      .where((eb) => bucketOf(eb.ref("bucket"), subject.email))
      .orderBy("created_at")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        Registro: row.bucket.startsWith("reset:")
          ? "Pedido de nova senha"
          : row.bucket.startsWith("login-fail:")
            ? "Tentativa de entrada no painel sem sucesso"
            : row.bucket,
        Quando: when(row.created_at),
      },
    }));
  },
  async erase(trx, records, { now }) {
    await deleteIds(trx, "rate_limit_events", erasable(records), now);
  },
};

/** A team member's own account: shown, never erased here (Usuários removes an account). */
export const teamAccountsFinder: PersonalDataFinder = {
  key: "users",
  title: "Contas da equipe",
  async find(db, subject) {
    if (subject.kind === "phone") return [];
    const rows = await db
      .selectFrom("users")
      .select(["id", "email", "name", "role", "created_at", "last_sign_in_at", "deactivated_at"])
      .where((eb) => namesSubject(eb.ref(subject.kind === "email" ? "email" : "name"), subject))
      .execute();
    return rows.map((row) => ({
      id: row.id,
      fields: {
        "E-mail": row.email,
        Nome: row.name,
        "Criada em": when(row.created_at),
        "Última entrada": when(row.last_sign_in_at),
        "Desativada em": when(row.deactivated_at),
      },
      keptBecause:
        "Conta de um membro da equipe: esta ferramenta não a exclui. Se for o caso, remova-a em Usuários.",
    }));
  },
  erase: async () => {},
};
