import { utcToSaoPauloLocal } from "~/lib/site-time";
import { Field, TextInput } from "./ui";

export interface PostScheduleFieldProps {
  /** The scheduled time (UTC ISO) of a post being edited, or null. */
  scheduledAt: string | null;
  error: string | undefined;
}

/**
 * When a post with the status 'Agendado' goes live, typed in São Paulo time: the server turns
 * it into UTC and refuses a time that has passed.
 */
export function PostScheduleField({ scheduledAt, error }: PostScheduleFieldProps) {
  return (
    <Field
      label="Publicar em (horário de Brasília)"
      hint="Usado quando o status é Agendado: o post é publicado sozinho nesse minuto."
      error={error}
    >
      <TextInput
        name="scheduledAt"
        type="datetime-local"
        step={60}
        defaultValue={scheduledAt ? utcToSaoPauloLocal(scheduledAt) : ""}
      />
    </Field>
  );
}
