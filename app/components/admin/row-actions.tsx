import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button, buttonClassName } from "./ui";

// The actions of a row in an admin list: open it in its editor, delete it after a question.

export interface EditLinkProps {
  to: string;
  /** What the row is called ("Título do post"): the link's accessible name is "Editar <title>". */
  title: string;
}

export function EditLink({ to, title }: EditLinkProps) {
  return (
    <Link to={to} className={buttonClassName("secondary", "sm")} aria-label={`Editar ${title}`}>
      <Icon name="file-text" className="size-4" />
      Editar
    </Link>
  );
}

export interface DeleteFormProps {
  /** The row's id, posted as `id` with `intent`; none when the page is the thing deleted. */
  id?: string;
  intent?: string;
  /** Asked before posting (pt-BR); the browser's dialog, so it works in every browser. */
  question: string;
  /** The button's accessible name when its text alone would be ambiguous in a list. */
  label?: string;
  className?: string;
  /** The button's text ("Excluir" unless told). */
  children?: ReactNode;
}

/**
 * A form that posts `intent` (and the row's id) after the visitor confirms. Without JavaScript
 * the question is skipped, as every form of the admin works without it.
 */
export function DeleteForm({ id, intent = "delete", question, label, className, children }: DeleteFormProps) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name="id" value={id} />}
      <Button type="submit" variant="danger" size="sm" aria-label={label} className={className}>
        <Icon name="x" className="size-4" />
        {children ?? "Excluir"}
      </Button>
    </Form>
  );
}
