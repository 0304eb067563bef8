import { data, redirect } from "react-router";
import { z } from "zod";
import { iconNames } from "~/lib/icon-names";
import type { Toast } from "~/lib/toast";
import { requireAdminAction } from "~/route-support/admin-guard.server";
import { type CurrentSession, setFlash } from "../accounts/sessions.server";
import { readMove } from "../admin-lists/reorder.server";
import { recordAudit } from "../audit/audit-log.server";
import {
  type FormFields,
  formText,
  formTexts,
  readForm,
  UNREADABLE_FORM_MESSAGE,
} from "../forms/read-form.server";
import { validateForm } from "../forms/validate-form.server";
import {
  createTestimonial,
  deleteTestimonial,
  HomeItemNotFoundError,
  moveReason,
  moveTestimonial,
  saveReason,
  saveStats,
  saveTestimonial,
} from "./home-content-admin.server";

// The forms of /admin/pagina-inicial: the numbers (one form for the four), each reason, and
// the testimonials (add, edit, show or hide, order, delete).

const text = (required: string, max: number, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

export const statFormSchema = z.object({
  value: text("Informe o número (ex.: 200+).", 12, "O número pode ter no máximo 12 caracteres."),
  label: text("Informe a legenda do número.", 60, "A legenda pode ter no máximo 60 caracteres."),
});

export const reasonFormSchema = z.object({
  icon: z.enum(iconNames, { error: "Escolha um ícone da lista." }),
  title: text("Informe o título do motivo.", 80, "O título pode ter no máximo 80 caracteres."),
  description: text("Escreva o texto do motivo.", 400, "O texto pode ter no máximo 400 caracteres."),
});

export const testimonialFormSchema = z.object({
  author: text("Informe o nome de quem deu o depoimento.", 80, "O nome pode ter no máximo 80 caracteres."),
  role: text(
    "Informe o cargo ou o condomínio de quem deu o depoimento.",
    120,
    "O cargo ou condomínio pode ter no máximo 120 caracteres.",
  ),
  quote: text("Escreva o depoimento.", 1000, "O depoimento pode ter no máximo 1000 caracteres."),
  visible: z.unknown().transform((value) => value === "on" || value === "true"),
});

const ID = z.uuid();

/** Which of the page's forms a failure belongs to: "stats", "reason:<id>", "testimonial:new"… */
export type HomeFormKey = string;

/** What the page's action answers when it saves nothing (rendered as the toast 'Erro'). */
export interface HomeFormFailure {
  error: string;
  form?: HomeFormKey;
  /** By field name as the form sends it (e.g. "value:<id>", "title"). */
  fieldErrors?: Record<string, string>;
  /** What the form sent, to show it again. */
  values?: Record<string, string>;
}

const fail = (status: 400 | 404, error: string, extra: Omit<HomeFormFailure, "error"> = {}) =>
  data<HomeFormFailure>({ error, ...extra }, { status });

const CHECK_FIELDS = "Verifique os campos destacados.";
const STAT_GONE = "Número não encontrado; recarregue a página.";
const REASON_GONE = "Motivo não encontrado; recarregue a página.";
const TESTIMONIAL_GONE = "Depoimento não encontrado; ele pode ter sido removido.";

/** Which part of the home page each form changes, as the audit log names it. */
const homeParts: Record<string, string> = {
  stats: "Números",
  reason: "Motivo",
  "reason-move": "Ordem dos motivos",
  "testimonial-create": "Depoimento novo",
  "testimonial-save": "Depoimento",
  "testimonial-move": "Ordem dos depoimentos",
  "testimonial-delete": "Depoimento excluído",
};

async function done(
  session: CurrentSession,
  toast: Toast,
  change: { intent: string; id?: string | null },
): Promise<never> {
  await recordAudit(session, {
    action: "home.update",
    target: { type: "home", id: change.id ?? null, label: homeParts[change.intent] ?? change.intent },
  });
  await setFlash(session, toast);
  throw redirect("/admin/pagina-inicial");
}

/** The numbers: every `id` the form lists, each with `value:<id>` and `label:<id>`. */
async function submitStats(session: CurrentSession, form: FormData) {
  const ids = form.getAll("id").map(String);
  if (ids.length === 0 || ids.length > 20 || !ids.every((id) => ID.safeParse(id).success)) {
    return fail(404, STAT_GONE, { form: "stats" });
  }
  const values: Record<string, string> = {};
  const fieldErrors: Record<string, string> = {};
  const stats = [];
  for (const id of ids) {
    const fields = { value: formText(form, `value:${id}`), label: formText(form, `label:${id}`) };
    values[`value:${id}`] = fields.value;
    values[`label:${id}`] = fields.label;
    const parsed = validateForm(statFormSchema, fields);
    if (parsed.ok) stats.push({ id, ...parsed.data });
    else {
      for (const [field, message] of Object.entries(parsed.fieldErrors))
        fieldErrors[`${field}:${id}`] = message;
    }
  }
  if (Object.keys(fieldErrors).length > 0)
    return fail(400, CHECK_FIELDS, { form: "stats", fieldErrors, values });
  try {
    await saveStats(stats);
  } catch (error) {
    if (error instanceof HomeItemNotFoundError) return fail(404, STAT_GONE, { form: "stats" });
    throw error;
  }
  return done(
    session,
    { title: "Números atualizados!", description: "A página inicial já mostra os novos números." },
    { intent: "stats" },
  );
}

function readFields<Schema extends z.ZodObject>(schema: Schema, form: FormFields) {
  const values = formTexts(form, Object.keys(schema.shape));
  return { values, parsed: validateForm(schema, values) };
}

/**
 * The action of /admin/pagina-inicial: which form was sent is in `intent` (and `id`); each
 * either saves and goes back to the page with a toast, or saves nothing and says why.
 */
export async function submitHomeContentForm(request: Request) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return fail(400, UNREADABLE_FORM_MESSAGE);
  const intent = formText(form, "intent");
  if (intent === "stats") return submitStats(session, form);

  const rawId = formText(form, "id");
  const id = ID.safeParse(rawId).success ? rawId : null;

  if (intent === "reason") {
    const key = `reason:${rawId.slice(0, 40)}`;
    const { values, parsed } = readFields(reasonFormSchema, form);
    if (!parsed.ok) return fail(400, CHECK_FIELDS, { form: key, fieldErrors: parsed.fieldErrors, values });
    if (!id || !(await saveReason({ id, ...parsed.data }))) return fail(404, REASON_GONE, { form: key });
    return done(
      session,
      {
        title: "Motivo atualizado!",
        description: "A página inicial já mostra o novo texto.",
      },
      { intent, id },
    );
  }
  if (intent === "reason-move" || intent === "testimonial-move") {
    const move = readMove(form, []);
    if (!move) return fail(400, "Movimento inválido.");
    const reason = intent === "reason-move";
    const moved = id ? await (reason ? moveReason : moveTestimonial)(id, move.direction) : false;
    if (!moved) return fail(404, reason ? REASON_GONE : TESTIMONIAL_GONE);
    return done(
      session,
      { title: "Ordem atualizada!", description: "A nova ordem já aparece no site." },
      { intent, id },
    );
  }
  if (intent === "testimonial-create" || intent === "testimonial-save") {
    const creating = intent === "testimonial-create";
    const key = creating ? "testimonial:new" : `testimonial:${rawId.slice(0, 40)}`;
    const { values, parsed } = readFields(testimonialFormSchema, form);
    if (!parsed.ok) return fail(400, CHECK_FIELDS, { form: key, fieldErrors: parsed.fieldErrors, values });
    if (creating) {
      await createTestimonial(parsed.data);
      return done(
        session,
        {
          title: "Depoimento adicionado!",
          description: parsed.data.visible ? "Ele já aparece no site." : "Ele fica oculto até ser exibido.",
        },
        { intent, id },
      );
    }
    if (!id || !(await saveTestimonial(id, parsed.data))) return fail(404, TESTIMONIAL_GONE, { form: key });
    return done(
      session,
      {
        title: "Depoimento atualizado!",
        description: "As alterações já aparecem no site.",
      },
      { intent, id },
    );
  }
  if (intent === "testimonial-delete") {
    if (!id || !(await deleteTestimonial(id))) return fail(404, TESTIMONIAL_GONE);
    return done(
      session,
      { title: "Depoimento excluído!", description: "Ele não aparece mais no site." },
      { intent, id },
    );
  }
  return fail(400, "Ação desconhecida.");
}
