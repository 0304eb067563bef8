import { roleCan } from "~/lib/roles";
import {
  answered,
  type CommandActor,
  type CommandOutcome,
  forbidden,
  refused,
} from "../platform/command-outcome.server";
import { parseDataSubject, SUBJECT_MAX_LENGTH, subjectLabel, subjectText } from "./data-subject.server";
import {
  type ErasedSection,
  erasePersonalData,
  type FoundSection,
  findPersonalData,
} from "./personal-data.server";

// The LGPD screen's two actions (Titulares): find what the site holds about a person, and erase
// it once the owner confirms the person asked. The erasure and its request record commit
// together (personal-data.server.ts); the record, like the toast, names no one.

export const CONFIRMATION_MESSAGE =
  "Marque a confirmação de que o titular pediu a exclusão; nada foi excluído.";

export interface FoundAnswer {
  found: { label: string; text: string; sections: FoundSection[] };
}
export interface ErasedAnswer {
  erased: { label: string; sections: ErasedSection[] };
}

/** The person as typed, or the refusal that shows it again beside its message. */
function subjectOf(typed: string) {
  const parsed = parseDataSubject(typed);
  if (parsed.ok) return parsed;
  return {
    ok: false as const,
    outcome: refused(parsed.message, { details: { typed: typed.slice(0, SUBJECT_MAX_LENGTH) } }),
  };
}

export async function searchPersonalData(
  actor: CommandActor,
  input: { typed: string },
): Promise<CommandOutcome<FoundAnswer>> {
  if (!roleCan(actor.user.role, "personal-data.manage")) return forbidden();
  const parsed = subjectOf(input.typed);
  if (!parsed.ok) return parsed.outcome;
  const { subject } = parsed;
  const sections = await findPersonalData(subject);
  return answered({ found: { label: subjectLabel(subject), text: subjectText(subject), sections } });
}

export async function erasePersonalDataOf(
  actor: CommandActor,
  input: { typed: string; confirmed: boolean },
): Promise<CommandOutcome<ErasedAnswer>> {
  if (!roleCan(actor.user.role, "personal-data.manage")) return forbidden();
  const parsed = subjectOf(input.typed);
  if (!parsed.ok) return parsed.outcome;
  const { subject } = parsed;
  if (!input.confirmed) {
    const sections = await findPersonalData(subject);
    return refused(CONFIRMATION_MESSAGE, {
      details: { found: { label: subjectLabel(subject), text: subjectText(subject), sections } },
    });
  }
  const erased = await erasePersonalData(subject, actor.user.id);
  const total = erased.reduce((sum, section) => sum + section.erased, 0);
  return answered(
    { erased: { label: subjectLabel(subject), sections: erased } },
    {
      title: "Dados excluídos!",
      description: total === 1 ? "1 registro foi excluído." : `${total} registros foram excluídos.`,
    },
  );
}
