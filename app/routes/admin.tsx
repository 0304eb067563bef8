import { Link } from "react-router";
import { DateRangeFields, FilterSelect, ListFilters } from "~/components/admin/list-filters";
import { filteredListPageHref, ListPagination, listSummary } from "~/components/admin/list-pagination";
import { BlogAdminPage } from "~/components/admin/post-editor";
import { DeleteForm, EditLink } from "~/components/admin/row-actions";
import { FeaturedBadge, Field, PostStatusBadge, TextInput } from "~/components/admin/ui";
import { UnansweredLeadsStrip } from "~/components/admin/unanswered-leads-strip";
import { ADMIN_SEARCH_MAX_LENGTH, isFiltered, listHref, postListParams } from "~/lib/admin-list";
import { postStatuses, postStatusLabels } from "~/lib/post-status";
import { roleCan } from "~/lib/roles";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { listPage } from "~/route-support/list-page.server";
import { parsePostListQuery } from "~/server/admin-lists/index.server";
import { refused } from "~/server/commands/index.server";
import { unansweredSummary } from "~/server/dashboard/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import { listCategories, listPosts, removePost } from "~/server/posts/index.server";
import type { Route } from "./+types/admin";

// The admin's home: the list of posts, 50 a page, searched and filtered on the server from the
// address (?busca=&status=&categoria=&de=&ate=&pagina=). The post form has routes of its own
// (admin-posts-novo.tsx, admin-posts-editar.tsx). Sign-in lands here, so an Administrador sees
// first, above the list, the requests waiting for an answer (an Editor may not read them).

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdminPage(request);
  const parsed = parsePostListQuery(new URL(request.url).searchParams);
  const unanswered = roleCan(session.user.role, "leads.read") ? unansweredSummary() : null;
  return listPage(
    parsed,
    listPosts,
    Promise.all([listCategories(), unanswered]).then(([categories, unanswered]) => ({
      categories,
      unanswered,
    })),
  );
}

/** Deleting a post (the list's 'Deletar' buttons). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  if (formText(form, "intent") !== "delete") return answerCommand(session, refused("Ação desconhecida."));
  // Back to the same page of the same filtered list.
  const backTo = `/admin${new URL(request.url).search}`;
  return answerCommand(session, await removePost(session, { id: formText(form, "id"), backTo }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Admin do Blog" },
  { name: "robots", content: "noindex" },
];

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { list: posts, categories, unanswered, query, invalidQuery } = loaderData;
  const params = postListParams(query);
  const filtered = isFiltered(query);
  return (
    <BlogAdminPage failure={actionData} formOpen={false}>
      {unanswered ? <UnansweredLeadsStrip summary={unanswered} /> : null}
      <section aria-labelledby="posts-existentes" className="flex flex-col gap-4">
        <h2 id="posts-existentes" className="text-xl font-bold text-slate-900 dark:text-white">
          Posts Existentes
        </h2>
        <ListFilters
          path="/admin"
          label="Buscar e filtrar posts"
          applied={listHref("/admin", params)}
          filtered={filtered}
          error={invalidQuery}
        >
          <Field label="Buscar no título ou resumo">
            <TextInput
              type="search"
              name="busca"
              defaultValue={query.search}
              maxLength={ADMIN_SEARCH_MAX_LENGTH}
            />
          </Field>
          <FilterSelect
            label="Status"
            name="status"
            value={query.status}
            allLabel="Todos"
            options={postStatuses.map((status) => ({ value: status, label: postStatusLabels[status] }))}
          />
          <FilterSelect
            label="Categoria"
            name="categoria"
            value={query.category}
            allLabel="Todas"
            options={categories.map((category) => ({ value: category.slug, label: category.name }))}
          />
          <DateRangeFields labels={["Criado de", "Criado até"]} from={query.from} to={query.to} />
        </ListFilters>
        {posts === null ? null : posts.total === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            {filtered
              ? "Nenhum post encontrado com estes filtros."
              : 'Nenhum post ainda. Use "Novo Post" para escrever o primeiro.'}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {listSummary(posts, { one: "post", many: "posts" })}
            </p>
            <ul className="flex flex-col gap-3">
              {posts.items.map((post) => (
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
            <ListPagination
              label="Páginas dos posts"
              page={posts.page}
              pageCount={posts.pageCount}
              href={filteredListPageHref("/admin", params)}
            />
          </>
        )}
      </section>
    </BlogAdminPage>
  );
}
