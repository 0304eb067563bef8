import { Form } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "./ui";

export interface OrderButtonsProps {
  /** The action's intent, e.g. "move". */
  intent: string;
  id: string;
  /** What is moved, for the buttons' accessible names ("Subir Impermeabilização"). */
  label: string;
  first: boolean;
  last: boolean;
  /** More hidden fields the action needs (e.g. which list). */
  fields?: Record<string, string>;
}

/**
 * 'Subir' and 'Descer' for an item of an ordered list: one plain form whose two submit
 * buttons send the direction, so it works with the keyboard and without JavaScript.
 */
export function OrderButtons({ intent, id, label, first, last, fields = {} }: OrderButtonsProps) {
  return (
    <Form method="post" className="flex gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        name="direction"
        value="up"
        variant="secondary"
        size="sm"
        disabled={first}
        aria-label={`Subir ${label}`}
        icon={<Icon name="chevron-down" className="size-4 rotate-180" />}
      >
        Subir
      </Button>
      <Button
        type="submit"
        name="direction"
        value="down"
        variant="secondary"
        size="sm"
        disabled={last}
        aria-label={`Descer ${label}`}
        icon={<Icon name="chevron-down" className="size-4" />}
      >
        Descer
      </Button>
    </Form>
  );
}
