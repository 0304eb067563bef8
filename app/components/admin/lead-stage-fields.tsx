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
 * The stages as a select's options, in the pipeline's order; `current` marks the request's own
 * (data-current), for CSS. Also the templates' select of stages.
 */
export function StageOptions({ current }: { current?: LeadStatus }) {
  return leadStatuses.map((value) => (
    <option key={value} value={value} data-current={value === current ? "" : undefined}>
      {leadStatusLabels[value]}
    </option>
  ));
}

/** Why a request was lost, as a select's options, after an empty "—". */
export function LostReasonOptions() {
  return (
    <>
      <option value="">—</option>
      {lostReasons.map((value) => (
        <option key={value} value={value}>
          {lostReasonLabels[value]}
        </option>
      ))}
    </>
  );
}

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
          <StageOptions />
        </Select>
      </Field>
      <Field label="Motivo da perda" hint="Só para “Perdido”." error={errors.lost_reason}>
        <Select name="lost_reason" defaultValue={lostReason ?? ""}>
          <LostReasonOptions />
        </Select>
      </Field>
    </>
  );
}
