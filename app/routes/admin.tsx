import { data, Link, redirect } from "react-router";
import { BlogAdminPage } from "~/components/admin/post-editor";
import { DeleteForm, EditLink } from "~/components/admin/row-actions";
import { FeaturedBadge, PostStatusBadge } from "~/components/admin/ui";
import type { RouteHandle } from "~/route-handle";
import { deletePost, listAllPosts, POST_GONE_MESSAGE } from "~/server/admin/posts-admin.server";
import { requireAdminAction, requireAdminPage } from "~/server/auth/guard.server";
import { setFlash, takeFlash } from "~/server/auth/sessions.server";
import { formText, readForm } from "~/server/read-form.server";
import type { Route } from "./+types/admin";

// The admin's home: the list of posts. The post form has routes of its own
// (admin-posts-novo.tsx, admin-posts-editar.tsx).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const [posts, flash] = await Promise.all([listAllPosts(), takeFlash(session)]);
  return { email: session.user.email, posts, flash };
}

/** Deleting a post (the list's 'Deletar' buttons). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return data({ error: "Não foi possível ler o formulário." }, { status: 400 });
  if (formText(form, "intent") !== "delete") return data({ error: "Ação desconhecida." }, { status: 400 });
  const id = formText(form, "id");
  if (!id || !(await deletePost(id))) return data({ error: POST_GONE_MESSAGE }, { status: 404 });
  await setFlash(session, { title: "Post deletado!", description: "O post foi removido com sucesso." });
  throw redirect("/admin");
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, flash, email } = loaderData;
  return (
    <BlogAdminPage email={email} flash={flash} failure={actionData} formOpen={false}>
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
                    <span>{post.category_name}</span>
                    <span>{post.read_time} min de leitura</span>
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
                  <EditLink to={`/admin/posts/${post.id}`} title={post.title} />
                  <DeleteForm
                    id={post.id}
                    question="Tem certeza que deseja deletar este post?"
                    label={`Deletar ${post.title}`}
                  >
                    Deletar
                  </DeleteForm>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </BlogAdminPage>
  );
}
