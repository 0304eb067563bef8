import { roleCan } from "~/lib/roles";
import type { Toast } from "~/lib/toast";
import type { CurrentSession } from "../accounts/sessions.server";
import type { MoveDirection } from "../admin-lists/reorder.server";
import { auditedChange } from "../commands/audited-change.server";
import { type FormFields, formText } from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";
import { type CommandOutcome, done, forbidden, notFound, refused } from "../platform/command-outcome.server";
import {
  type AdminStat,
  createTestimonial,
  deleteTestimonial,
  HomeItemNotFoundError,
  moveReason,
  moveTestimonial,
  saveReason,
  saveStats,
  saveTestimonial,
} from "./home-content-admin.server";
import {
  HOME_ITEM_ID,
  type HomeFormKey,
  readFields,
  reasonFormSchema,
  statFormSchema,
  testimonialFormSchema,
} from "./home-content-form.server";

// What /admin/pagina-inicial changes, as admin commands (docs/decisions/0080): the numbers, a
// reason, the testimonials. Each writes and records its audit entry in one transaction; a
// refusal names its form (`form`), so the page shows the errors beside the form that was sent.

const HOME_PATH = "/admin/pagina-inicial";
const CHECK_FIELDS = "Verifique os campos destacados.";
const STAT_GONE = "Número não encontrado; recarregue a página.";
const REASON_GONE = "Motivo não encontrado; recarregue a página.";
const TESTIMONIAL_GONE = "Depoimento não encontrado; ele pode ter sido removido.";

/** Which part of the home page each change is, as the audit log names it. */
const homeParts = {
  stats: "Números",
  reason: "Motivo",
  "reason-move": "Ordem dos motivos",
  "testimonial-create": "Depoimento novo",
  "testimonial-save": "Depoimento",
  "testimonial-move": "Ordem dos depoimentos",
  "testimonial-delete": "Depoimento excluído",
} as const;

type HomePart = keyof typeof homeParts;

/** The outcome of a change that went through, and its audit entry. */
function changed(toast: Toast, part: HomePart, id: string | null = null) {
  return {
    value: done(toast, HOME_PATH),
    audit: { action: "home.update" as const, target: { type: "home", id, label: homeParts[part] } },
  };
}

/** A row id as sent, if it is one. */
const itemId = (raw: string) => (HOME_ITEM_ID.safeParse(raw).success ? raw : null);

/** The key of a row's form, as the page names it ("reason:<id>"). */
const formKey = (kind: string, raw: string): HomeFormKey => `${kind}:${raw.slice(0, 40)}`;

/** The numbers: every `id` the form lists, each with `value:<id>` and `label:<id>`. */
export async function changeStats(
  actor: CurrentSession,
  input: { ids: string[]; form: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { ids, form } = input;
  if (ids.length === 0 || ids.length > 20 || !ids.every((id) => itemId(id))) return notFound(STAT_GONE);
  const values: Record<string, string> = {};
  const fieldErrors: Record<string, string> = {};
  const stats: AdminStat[] = [];
  for (const id of ids) {
    const fields = { value: formText(form, `value:${id}`), label: formText(form, `label:${id}`) };
    values[`value:${id}`] = fields.value;
    values[`label:${id}`] = fields.label;
    const parsed = validateForm(statFormSchema, fields);
    if (parsed.ok) stats.push({ id, ...parsed.data });
    else {
      for (const [field, message] of Object.entries(parsed.fieldErrors))
        if (message) fieldErrors[`${field}:${id}`] = message;
    }
  }
  if (Object.keys(fieldErrors).length > 0)
    return refused(CHECK_FIELDS, { fieldErrors, values, details: { form: "stats" } });
  try {
    return await auditedChange(actor, async (trx) => {
      await saveStats(stats, trx);
      return changed(
        { title: "Números atualizados!", description: "A página inicial já mostra os novos números." },
        "stats",
      );
    });
  } catch (error) {
    // One number gone: the ones already written roll back with it.
    if (error instanceof HomeItemNotFoundError) return notFound(STAT_GONE);
    throw error;
  }
}

export async function changeReason(
  actor: CurrentSession,
  input: { id: string; form: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { values, parsed } = readFields(reasonFormSchema, input.form);
  if (!parsed.ok) {
    const details = { form: formKey("reason", input.id) };
    return refused(CHECK_FIELDS, { fieldErrors: parsed.fieldErrors, values, details });
  }
  const id = itemId(input.id);
  if (!id) return notFound(REASON_GONE);
  return auditedChange(actor, async (trx) => {
    if (!(await saveReason({ id, ...parsed.data }, trx)))
      return { value: notFound(REASON_GONE), audit: null };
    return changed(
      { title: "Motivo atualizado!", description: "A página inicial já mostra o novo texto." },
      "reason",
      id,
    );
  });
}

/** Move a reason or a testimonial a place up or down. */
export async function reorderHomeItem(
  actor: CurrentSession,
  input: { list: "reason" | "testimonial"; id: string; direction: MoveDirection },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const reason = input.list === "reason";
  const gone = notFound(reason ? REASON_GONE : TESTIMONIAL_GONE);
  const id = itemId(input.id);
  if (!id) return gone;
  return auditedChange(actor, async (trx) => {
    if (!(await (reason ? moveReason : moveTestimonial)(id, input.direction, trx)))
      return { value: gone, audit: null };
    return changed(
      { title: "Ordem atualizada!", description: "A nova ordem já aparece no site." },
      reason ? "reason-move" : "testimonial-move",
      id,
    );
  });
}

export async function addTestimonial(
  actor: CurrentSession,
  input: { form: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { values, parsed } = readFields(testimonialFormSchema, input.form);
  if (!parsed.ok)
    return refused(CHECK_FIELDS, {
      fieldErrors: parsed.fieldErrors,
      values,
      details: { form: "testimonial:new" },
    });
  const testimonial = parsed.data;
  return auditedChange(actor, async (trx) => {
    await createTestimonial(testimonial, trx);
    return changed(
      {
        title: "Depoimento adicionado!",
        description: testimonial.visible ? "Ele já aparece no site." : "Ele fica oculto até ser exibido.",
      },
      "testimonial-create",
    );
  });
}

export async function changeTestimonial(
  actor: CurrentSession,
  input: { id: string; form: FormFields },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const { values, parsed } = readFields(testimonialFormSchema, input.form);
  if (!parsed.ok) {
    const details = { form: formKey("testimonial", input.id) };
    return refused(CHECK_FIELDS, { fieldErrors: parsed.fieldErrors, values, details });
  }
  const id = itemId(input.id);
  if (!id) return notFound(TESTIMONIAL_GONE);
  return auditedChange(actor, async (trx) => {
    if (!(await saveTestimonial(id, parsed.data, trx)))
      return { value: notFound(TESTIMONIAL_GONE), audit: null };
    return changed(
      { title: "Depoimento atualizado!", description: "As alterações já aparecem no site." },
      "testimonial-save",
      id,
    );
  });
}

export async function removeTestimonial(
  actor: CurrentSession,
  input: { id: string },
): Promise<CommandOutcome> {
  if (!roleCan(actor.user.role, "content.write")) return forbidden();
  const id = itemId(input.id);
  if (!id) return notFound(TESTIMONIAL_GONE);
  return auditedChange(actor, async (trx) => {
    if (!(await deleteTestimonial(id, trx))) return { value: notFound(TESTIMONIAL_GONE), audit: null };
    return changed(
      { title: "Depoimento excluído!", description: "Ele não aparece mais no site." },
      "testimonial-delete",
      id,
    );
  });
}
