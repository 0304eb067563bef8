import { Form } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { useCommandForm } from "~/components/admin/use-command-form";
import { categoryFormSchema } from "~/lib/category-form";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand, type CommandFailure } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  addCategory,
  changeCategoryName,
  listCategoriesWithCounts,
  removeCategory,
} from "~/server/posts/index.server";
import type { Route } from "./+types/admin-categorias";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const categories = await listCategoriesWithCounts();
  return { categories };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const id = formText(form, "id");
  const name = formText(form, "name");
  const outcome =
    intent === "delete"
      ? await removeCategory(session, { id })
      : intent === "create"
        ? await addCategory(session, { name })
        : intent === "rename"
          ? await changeCategoryName(session, { id, name })
          : refused("Ação desconhecida.");
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = () => [
  { title: "Categorias | Admin do Blog" },
  { name: "robots", content: "noindex" },
];

function confirmDelete(event: React.FormEvent<HTMLFormElement>) {
  if (!window.confirm("Tem certeza que deseja excluir esta categoria?")) event.preventDefault();
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const failure = actionData as CommandFailure | undefined;
  return (
    <AdminPage title="Categorias do Blog" failure={failure}>
      <section
        aria-labelledby="nova-categoria"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="nova-categoria" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
          Nova categoria
        </h2>
        {/* A new key after each change empties the field once the category is added. */}
        <NewCategoryForm key={categories.map((category) => category.id).join()} failure={failure} />
      </section>
      <section aria-labelledby="categorias-existentes" className="flex flex-col gap-3">
        <h2 id="categorias-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
          Categorias existentes
        </h2>
        <ul className="flex flex-col gap-3">
          {categories.map((category) => (
            <li
              key={category.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 md:flex-row md:items-end md:justify-between dark:border-slate-800 dark:bg-slate-900"
            >
              <Form method="post" className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end">
                <input type="hidden" name="intent" value="rename" />
                <input type="hidden" name="id" value={category.id} />
                <Field
                  label={`Nome (${category.postCount === 1 ? "1 post" : `${category.postCount} posts`})`}
                  className="flex-1"
                >
                  <TextInput name="name" defaultValue={category.name} maxLength={80} />
                </Field>
                <Button type="submit" variant="secondary" aria-label={`Renomear ${category.name}`}>
                  Renomear
                </Button>
              </Form>
              <Form method="post" onSubmit={confirmDelete}>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={category.id} />
                <Button type="submit" variant="danger" aria-label={`Excluir ${category.name}`}>
                  Excluir
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}

/** A new category, its name checked in the browser with the create command's schema. */
function NewCategoryForm({ failure }: { failure: CommandFailure | undefined }) {
  const { fields, formProps } = useCommandForm(categoryFormSchema, failure);
  return (
    <Form {...formProps} method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <input type="hidden" name="intent" value="create" />
      <Field label="Nome" required className="flex-1" error={fields.name.errors?.[0]}>
        <TextInput name={fields.name.name} maxLength={80} defaultValue={fields.name.initialValue} />
      </Field>
      <Button type="submit">Adicionar</Button>
    </Form>
  );
}
