import {
  type LeadStatus,
  type LostReason,
  leadStatuses,
  leadStatusLabels,
  lostReasonLabels,
  lostReasons,
} from "~/lib/lead-status";
import { Field, Select } from "./ui";

/**
 * A request's stage and, for "Perdido", why: two plain selects, so moving a request works
 * without JavaScript everywhere the admin offers it (inbox, board, the request's page).
 */
export function LeadStageFields({
  status,
  lostReason,
  label = "Etapa",
  errors = {},
}: {
  status: LeadStatus;
  lostReason: LostReason | null;
  label?: string;
  errors?: { status?: string | undefined; lost_reason?: string | undefined };
}) {
  return (
    <>
      <Field label={label} error={errors.status}>
        <Select name="status" defaultValue={status}>
          <LeadStageOptions />
        </Select>
      </Field>
      <Field label="Motivo da perda" hint="Só para “Perdido”." error={errors.lost_reason}>
        <Select name="lost_reason" defaultValue={lostReason ?? ""}>
          <option value="">—</option>
          {lostReasons.map((value) => (
            <option key={value} value={value}>
              {lostReasonLabels[value]}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}

/** One option per stage, in the pipeline's order (a select of stages elsewhere: the templates). */
export function LeadStageOptions() {
  return leadStatuses.map((value) => (
    <option key={value} value={value}>
      {leadStatusLabels[value]}
    </option>
  ));
}
