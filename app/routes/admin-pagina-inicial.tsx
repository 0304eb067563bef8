import { useRef } from "react";
import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { OrderButtons } from "~/components/admin/order-buttons";
import { DeleteForm } from "~/components/admin/row-actions";
import { Badge, Button, Field, Select, Switch, TextArea, TextInput } from "~/components/admin/ui";
import { useFocusFirstInvalid } from "~/components/admin/use-focus-first-invalid";
import { iconLabels, iconNames } from "~/lib/icon-names";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { readMove } from "~/server/admin-lists/index.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  type AdminReason,
  type AdminStat,
  type AdminTestimonial,
  addTestimonial,
  changeReason,
  changeStats,
  changeTestimonial,
  type HomeFormFailure,
  homeContentForAdmin,
  removeTestimonial,
  reorderHomeItem,
} from "~/server/site-content/index.server";
import type { Route } from "./+types/admin-pagina-inicial";

// The home page's numbers and reasons, and the testimonials (shown on /obras). The changes and
// their rules are in server/site-content/home-content-commands.server.ts.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const content = await homeContentForAdmin();
  return { ...content };
}

/** Which of the page's forms was sent is in `intent` (and the row's `id`). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  if (intent === "stats") {
    const ids = form.getAll("id").map(String);
    return answerCommand(session, await changeStats(session, { ids, form }));
  }
  if (intent === "reason") return answerCommand(session, await changeReason(session, { id, form }));
  if (intent === "reason-move" || intent === "testimonial-move") {
    const move = readMove(form, []);
    if (!move) return answerCommand(session, refused("Movimento inválido."));
    const list = intent === "reason-move" ? "reason" : "testimonial";
    return answerCommand(session, await reorderHomeItem(session, { list, id, direction: move.direction }));
  }
  if (intent === "testimonial-create") return answerCommand(session, await addTestimonial(session, { form }));
  if (intent === "testimonial-save")
    return answerCommand(session, await changeTestimonial(session, { id, form }));
  if (intent === "testimonial-delete")
    return answerCommand(session, await removeTestimonial(session, { id }));
  return answerCommand(session, refused("Ação desconhecida."));
}

export const meta: Route.MetaFunction = () => [
  { title: "Página inicial | Admin do Site" },
  { name: "robots", content: "noindex" },
];

/** The failed form's errors and the values it sent; nothing for the page's other forms. */
function failedForm(failure: HomeFormFailure | undefined, key: string) {
  const mine = failure?.form === key;
  return {
    errors: (mine ? failure?.fieldErrors : undefined) ?? {},
    sent: mine ? failure?.values : undefined,
  };
}

type FailureProps = { failure: HomeFormFailure | undefined };

const cardClassName =
  "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";
const itemClassName =
  "flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900";
const legendClassName = "mb-2 px-1 text-base font-bold text-slate-900 dark:text-white";

function Stats({ stats, failure }: { stats: AdminStat[] } & FailureProps) {
  const { errors, sent } = failedForm(failure, "stats");
  return (
    <section aria-labelledby="numeros" className={cardClassName}>
      <h2 id="numeros" className="text-xl font-bold text-slate-900 dark:text-white">
        Números
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Os números em destaque logo abaixo do topo da página inicial.
      </p>
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="stats" />
        <div className="grid gap-5 md:grid-cols-2">
          {stats.map((stat, index) => (
            <fieldset
              key={stat.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
            >
              <legend className={legendClassName}>Número {index + 1}</legend>
              <input type="hidden" name="id" value={stat.id} />
              <Field label="Número" required error={errors[`value:${stat.id}`]} hint="Ex.: 200+, 24/7">
                <TextInput
                  name={`value:${stat.id}`}
                  defaultValue={sent?.[`value:${stat.id}`] ?? stat.value}
                  maxLength={12}
                />
              </Field>
              <Field label="Legenda" required error={errors[`label:${stat.id}`]}>
                <TextInput
                  name={`label:${stat.id}`}
                  defaultValue={sent?.[`label:${stat.id}`] ?? stat.label}
                  maxLength={60}
                />
              </Field>
            </fieldset>
          ))}
        </div>
        <div>
          <Button type="submit">Salvar números</Button>
        </div>
      </Form>
    </section>
  );
}

function Reasons({ reasons, failure }: { reasons: AdminReason[] } & FailureProps) {
  return (
    <section aria-labelledby="motivos" className="flex flex-col gap-4">
      <div>
        <h2 id="motivos" className="text-xl font-bold text-slate-900 dark:text-white">
          Motivos para escolher a empresa
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A página inicial apresenta estes itens como "Seis motivos para confiar".
        </p>
      </div>
      <ol className="flex flex-col gap-4">
        {reasons.map((reason, index) => {
          const { errors, sent } = failedForm(failure, `reason:${reason.id}`);
          return (
            <li key={reason.id} className={itemClassName}>
              <Form method="post" className="flex flex-col gap-4" noValidate>
                <fieldset className="flex flex-col gap-4">
                  <legend className={legendClassName}>
                    Motivo {index + 1}: {reason.title}
                  </legend>
                  <input type="hidden" name="intent" value="reason" />
                  <input type="hidden" name="id" value={reason.id} />
                  <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
                    <Field label="Ícone" required error={errors.icon}>
                      <Select name="icon" defaultValue={sent?.icon ?? reason.icon}>
                        {iconNames.map((name) => (
                          <option key={name} value={name}>
                            {iconLabels[name]}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <Field label="Título" required error={errors.title}>
                      <TextInput name="title" defaultValue={sent?.title ?? reason.title} maxLength={80} />
                    </Field>
                  </div>
                  <Field label="Texto" required error={errors.description}>
                    <TextArea
                      name="description"
                      rows={3}
                      defaultValue={sent?.description ?? reason.description}
                      maxLength={400}
                    />
                  </Field>
                </fieldset>
                <div>
                  <Button type="submit" variant="secondary" aria-label={`Salvar motivo ${index + 1}`}>
                    Salvar motivo
                  </Button>
                </div>
              </Form>
              <OrderButtons
                intent="reason-move"
                id={reason.id}
                label={`motivo ${index + 1}`}
                first={index === 0}
                last={index === reasons.length - 1}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

interface TestimonialFieldsProps {
  testimonial: AdminTestimonial | null;
  errors: Record<string, string>;
  sent: Record<string, string> | undefined;
}

function TestimonialFields({ testimonial, errors, sent }: TestimonialFieldsProps) {
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Nome" required error={errors.author}>
          <TextInput name="author" defaultValue={sent?.author ?? testimonial?.author ?? ""} maxLength={80} />
        </Field>
        <Field label="Cargo ou condomínio" required error={errors.role}>
          <TextInput name="role" defaultValue={sent?.role ?? testimonial?.role ?? ""} maxLength={120} />
        </Field>
      </div>
      <Field label="Depoimento" required error={errors.quote}>
        <TextArea
          name="quote"
          rows={4}
          defaultValue={sent?.quote ?? testimonial?.quote ?? ""}
          maxLength={1000}
        />
      </Field>
      <Switch
        name="visible"
        label="Exibir no site"
        defaultChecked={sent ? sent.visible === "on" : (testimonial?.visible ?? true)}
      />
    </>
  );
}

function Testimonials({ testimonials, failure }: { testimonials: AdminTestimonial[] } & FailureProps) {
  const created = failedForm(failure, "testimonial:new");
  return (
    <section aria-labelledby="depoimentos" className="flex flex-col gap-4">
      <div>
        <h2 id="depoimentos" className="text-xl font-bold text-slate-900 dark:text-white">
          Depoimentos
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Os depoimentos exibidos aparecem na página Obras Realizadas, nesta ordem.
        </p>
      </div>
      <div className={cardClassName}>
        {/* A new key after each change empties the form once the testimonial is added. */}
        <Form
          method="post"
          key={testimonials.map((testimonial) => testimonial.id).join()}
          className="flex flex-col gap-4"
          noValidate
        >
          <fieldset className="flex flex-col gap-4">
            <legend className={legendClassName}>Novo depoimento</legend>
            <input type="hidden" name="intent" value="testimonial-create" />
            <TestimonialFields testimonial={null} errors={created.errors} sent={created.sent} />
          </fieldset>
          <div>
            <Button type="submit">Adicionar depoimento</Button>
          </div>
        </Form>
      </div>
      {testimonials.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">Nenhum depoimento cadastrado.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {testimonials.map((testimonial, index) => {
            const { errors, sent } = failedForm(failure, `testimonial:${testimonial.id}`);
            return (
              <li key={testimonial.id} className={itemClassName}>
                <Form method="post" className="flex flex-col gap-4" noValidate>
                  <fieldset className="flex flex-col gap-4">
                    <legend className={`${legendClassName} flex flex-wrap items-center gap-2`}>
                      Depoimento de {testimonial.author}
                      {testimonial.visible ? null : <Badge variant="draft">Oculto</Badge>}
                    </legend>
                    <input type="hidden" name="intent" value="testimonial-save" />
                    <input type="hidden" name="id" value={testimonial.id} />
                    <TestimonialFields testimonial={testimonial} errors={errors} sent={sent} />
                  </fieldset>
                  <div>
                    <Button
                      type="submit"
                      variant="secondary"
                      aria-label={`Salvar depoimento de ${testimonial.author}`}
                    >
                      Salvar depoimento
                    </Button>
                  </div>
                </Form>
                <div className="flex flex-wrap gap-2">
                  <OrderButtons
                    intent="testimonial-move"
                    id={testimonial.id}
                    label={`depoimento de ${testimonial.author}`}
                    first={index === 0}
                    last={index === testimonials.length - 1}
                  />
                  <DeleteForm
                    intent="testimonial-delete"
                    id={testimonial.id}
                    question="Tem certeza que deseja excluir este depoimento?"
                    label={`Excluir depoimento de ${testimonial.author}`}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export default function AdminHomeContent({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, reasons, testimonials } = loaderData;
  const failure = actionData as HomeFormFailure | undefined;
  // The page's forms in one box (it draws nothing itself), so the refused one's first field is found.
  const forms = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(forms, failure);
  return (
    <AdminPage title="Página inicial" failure={failure}>
      <div ref={forms} className="contents">
        <Stats stats={stats} failure={failure} />
        <Reasons reasons={reasons} failure={failure} />
        <Testimonials testimonials={testimonials} failure={failure} />
      </div>
    </AdminPage>
  );
}
