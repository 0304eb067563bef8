import { categoryFormSchema } from "~/lib/category-form";
import { roleCan } from "~/lib/roles";
import type { CurrentSession } from "../accounts/sessions.server";
import { auditedChange } from "../commands/audited-change.server";
import { validateForm } from "../forms/validate-form.server";
import {
  type CommandOutcome,
  conflict,
  done,
  forbidden,
  notFound,
  refused,
} from "../platform/command-outcome.server";
import { categoryName, createCategory, deleteCategory, renameCategory } from "./categories-admin.server";

// The blog's categories, as admin commands (docs/decisions/0080): each checks the capability,
// reads its input, writes and records its audit entry in one transaction.

const CATEGORIES_PATH = "/admin/categorias";

/** The category's name, checked by the form's schema. */
function checkedName(input: { name: string }) {
  return validateForm(categoryFormSchema, input);
}

export async function addCategory(actor: CurrentSession, input: { name: string }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = checkedName(input);
  // Only the new category's form has a field of its own to show the message at.
  if (!parsed.ok) {
    const values = { name: input.name.slice(0, 80) };
    return refused(parsed.message, { fieldErrors: parsed.fieldErrors, values });
  }
  const { name } = parsed.data;
  return auditedChange(actor, async (trx) => {
    await createCategory(name, trx);
    return {
      value: done(
        { title: "Categoria criada!", description: `"${name}" já pode ser usada nos posts.` },
        CATEGORIES_PATH,
      ),
      audit: { action: "category.create", target: { type: "category", label: name } },
    };
  });
}

export async function changeCategoryName(
  actor: CurrentSession,
  input: { id: string; name: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const parsed = checkedName(input);
  if (!parsed.ok) return refused(parsed.message);
  const { name } = parsed.data;
  return auditedChange(actor, async (trx) => {
    const before = await renameCategory(input.id, name, trx);
    if (before === null) return { value: notFound("Categoria não encontrada."), audit: null };
    return {
      value: done(
        { title: "Categoria renomeada!", description: `Agora ela se chama "${name}".` },
        CATEGORIES_PATH,
      ),
      audit: {
        action: "category.update",
        target: { type: "category", id: input.id, label: name },
        details: { name: { before, after: name } },
      },
    };
  });
}

export async function removeCategory(actor: CurrentSession, input: { id: string }): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  return auditedChange(actor, async (trx) => {
    const name = await categoryName(input.id, trx);
    const result = await deleteCategory(input.id, trx);
    if (!result.ok) {
      return {
        value: result.status === 404 ? notFound(result.message) : conflict(result.message),
        audit: null,
      };
    }
    return {
      value: done(
        { title: "Categoria excluída!", description: "A categoria foi removida." },
        CATEGORIES_PATH,
      ),
      audit: { action: "category.delete", target: { type: "category", id: input.id, label: name } },
    };
  });
}
