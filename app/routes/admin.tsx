import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminHeader } from "~/components/admin/admin-header";
import { FeaturedImageField, useImageUpload } from "~/components/admin/featured-image-field";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { ToastProvider } from "~/components/admin/toaster";
import {
  Button,
  buttonClassName,
  FeaturedBadge,
  Field,
  PostStatusBadge,
  Select,
  Switch,
  TextArea,
  TextInput,
} from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { postStatuses, postStatusLabels } from "~/lib/post-status";
import { DEFAULT_READ_TIME } from "~/lib/read-time";
import type { RouteHandle } from "~/route-handle";
import { type PostFormErrors, parsePostForm } from "~/server/admin/post-form.server";
import {
  deletePost,
  listAllPosts,
  PostNotFoundError,
  savePost,
  UnknownCategoryError,
} from "~/server/admin/posts-admin.server";
import { aiImagesConfigured } from "~/server/ai/runware.server";
import { requireAdminAction, requireAdminPage } from "~/server/auth/guard.server";
import { setFlash, takeFlash } from "~/server/auth/sessions.server";
import { listCategories } from "~/server/blog/public-posts.server";
import { formText, readForm } from "~/server/read-form.server";
import type { Route } from "./+types/admin";

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const url = new URL(request.url);
  const [posts, categories, flash] = await Promise.all([
    listAllPosts(),
    listCategories(),
    takeFlash(session),
  ]);
  const editingId = url.searchParams.get("editar");
  const editing = editingId ? (posts.find((post) => post.id === editingId) ?? null) : null;
  const formOpen = url.searchParams.has("novo") || editing !== null;
  return {
    email: session.user.email,
    posts,
    categories,
    flash,
    editing,
    formOpen,
    aiConfigured: aiImagesConfigured(),
  };
}

type ActionResult = { error: string; fieldErrors?: PostFormErrors };

export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data<ActionResult>({ error: "Não foi possível ler o formulário." }, { status: 400 });
  const intent = formText(form, "intent");
  const id = formText(form, "id") || null;

  if (intent === "delete") {
    if (!id || !(await deletePost(id))) {
      return data<ActionResult>(
        { error: "Post não encontrado; ele pode já ter sido removido." },
        { status: 404 },
      );
    }
    await setFlash(session, { title: "Post deletado!", description: "O post foi removido com sucesso." });
    throw redirect("/admin");
  }

  if (intent !== "save") return data<ActionResult>({ error: "Ação desconhecida." }, { status: 400 });
  const parsed = parsePostForm(form);
  if (!parsed.ok) {
    return data<ActionResult>(
      { error: "Verifique os campos destacados.", fieldErrors: parsed.fieldErrors },
      { status: 400 },
    );
  }
  try {
    const saved = await savePost(id, parsed.data, session.user.id);
    await setFlash(session, {
      title: saved.created ? "Post criado!" : "Post atualizado!",
      description: "As alterações foram salvas com sucesso.",
    });
  } catch (error) {
    if (error instanceof UnknownCategoryError) {
      return data<ActionResult>(
        {
          error: "A categoria escolhida não existe mais.",
          fieldErrors: { categoryId: "Escolha uma categoria." },
        },
        { status: 400 },
      );
    }
    if (error instanceof PostNotFoundError) {
      return data<ActionResult>(
        { error: "Post não encontrado; ele pode ter sido removido." },
        { status: 404 },
      );
    }
    throw error;
  }
  // The form closes and clears: back to the plain list.
  throw redirect("/admin");
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin do Blog" },
  { name: "robots", content: "noindex" },
];

function PostForm({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { editing, categories, aiConfigured } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const errors = (actionData as ActionResult | undefined)?.fieldErrors ?? {};
  const upload = useImageUpload();
  return (
    <section
      aria-labelledby="form-post-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="form-post-titulo" className="mb-6 text-xl font-bold text-slate-900 dark:text-white">
        {editing ? "Editar Post" : "Novo Post"}
      </h2>
      {/* A new key per post resets every field when switching between posts. */}
      <Form method="post" key={editing?.id ?? "novo"} className="flex flex-col gap-5" noValidate>
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <FeaturedImageField
          name="featuredImageUrl"
          defaultValue={editing?.featuredImageUrl ?? null}
          aiConfigured={aiConfigured}
        />
        <Field label="Título" required error={errors.title}>
          <TextInput name="title" defaultValue={editing?.title ?? ""} maxLength={200} />
        </Field>
        <Field label="Categoria" required error={errors.categoryId}>
          <Select name="categoryId" defaultValue={editing?.category.id ?? ""}>
            <option value="">Selecione uma categoria</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Resumo" required error={errors.excerpt}>
          <TextArea name="excerpt" rows={3} defaultValue={editing?.excerpt ?? ""} maxLength={500} />
        </Field>
        <RichTextEditor
          name="content"
          label="Conteúdo"
          required
          defaultValue={editing?.content ?? ""}
          error={errors.content}
          onUploadImage={upload}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Tempo de Leitura (min)" error={errors.readTime}>
            <TextInput
              name="readTime"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              defaultValue={editing?.readTime ?? DEFAULT_READ_TIME}
            />
          </Field>
          <Field label="Status">
            <Select name="status" defaultValue={editing?.status ?? "draft"}>
              {postStatuses.map((status) => (
                <option key={status} value={status}>
                  {postStatusLabels[status]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Switch name="featured" label="Post em Destaque" defaultChecked={editing?.featured ?? false} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={saving} busyLabel="Salvando...">
            Salvar
          </Button>
          <Link to="/admin" className={buttonClassName("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </section>
  );
}

function confirmDelete(event: React.FormEvent<HTMLFormElement>) {
  if (!window.confirm("Tem certeza que deseja deletar este post?")) event.preventDefault();
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, formOpen, flash, email } = loaderData;
  const failure = actionData as ActionResult | undefined;
  return (
    <ToastProvider
      initial={failure ? { title: "Erro", description: failure.error, variant: "error" } : flash}
    >
      <div className="container-page flex flex-col gap-8 py-10">
        <AdminHeader title="Admin do Blog" email={email}>
          <Link
            to={formOpen ? "/admin" : "/admin?novo=1"}
            className={buttonClassName("primary")}
            aria-expanded={formOpen}
          >
            <Icon name={formOpen ? "x" : "file-text"} className="size-4" />
            Novo Post
          </Link>
        </AdminHeader>

        {formOpen ? <PostForm loaderData={loaderData} actionData={actionData} /> : null}

        <section aria-labelledby="posts-existentes" className="flex flex-col gap-4">
          <h2 id="posts-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
            Posts Existentes
          </h2>
          {posts.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">
              Nenhum post ainda. Use "Novo Post" para escrever o primeiro.
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {posts.map((post) => (
                <li
                  key={post.id}
                  className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="flex min-w-0 flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-bold text-slate-900 dark:text-white">{post.title}</h3>
                      <PostStatusBadge status={post.status} />
                      {post.featured ? <FeaturedBadge /> : null}
                    </div>
                    <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{post.excerpt}</p>
                    <p className="flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-400">
                      <span>{post.category.name}</span>
                      <span>{post.readTime} min de leitura</span>
                      {post.status === "published" ? (
                        <Link
                          to={`/blog/${post.slug}`}
                          className="text-brand-700 underline dark:text-brand-300"
                        >
                          Ver no site<span className="sr-only">: {post.title}</span>
                        </Link>
                      ) : null}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Link
                      to={`/admin?editar=${post.id}`}
                      className={buttonClassName("secondary", "sm")}
                      aria-label={`Editar ${post.title}`}
                    >
                      <Icon name="file-text" className="size-4" />
                      Editar
                    </Link>
                    <Form method="post" onSubmit={confirmDelete}>
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={post.id} />
                      <Button type="submit" variant="danger" size="sm" aria-label={`Deletar ${post.title}`}>
                        <Icon name="x" className="size-4" />
                        Deletar
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </ToastProvider>
  );
}
