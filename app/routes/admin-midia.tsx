import { Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ListPagination } from "~/components/admin/list-pagination";
import { MediaUploader } from "~/components/admin/media-uploader";
import { Badge, buttonClassName, labelClassName, TextInput } from "~/components/admin/ui";
import { MEDIA_SEARCH_MAX_LENGTH, mediaLibraryHref, mediaQueryFrom } from "~/lib/media-query";
import { mediaThumbnailUrl } from "~/lib/media-url";
import { formatListDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import {
  BATCH_BODY_LIMIT_BYTES,
  listMedia,
  MEDIA_MESSAGES,
  readMultipart,
  uploadImages,
} from "~/server/media/index.server";
import type { Route } from "./+types/admin-midia";

// The media library: every uploaded or generated image, a page at a time, searched by name or
// alt text on the server (?busca=…&pagina=…). Each image has its own page
// (admin-midia-imagem.tsx) to edit its name and alt text, see where it is used and delete it.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const query = mediaQueryFrom(new URL(request.url).searchParams);
  const library = await listMedia(query);
  return { library };
}

/** The upload form without JavaScript: several files in one post. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const read = await readMultipart(request, BATCH_BODY_LIMIT_BYTES, MEDIA_MESSAGES.batchTooLarge);
  if (!read.ok) return answerCommand(session, refused(read.error, { status: read.status }));
  const files = [...read.form.getAll("files"), ...read.form.getAll("file")];
  return answerCommand(session, await uploadImages(session, { files }));
}

export const meta: Route.MetaFunction = () => [
  { title: "Mídia | Admin" },
  { name: "robots", content: "noindex" },
];

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { library } = loaderData;
  const { items, search, page, pageCount, total } = library;
  const href = (target: number) => mediaLibraryHref("/admin/midia", { search, page: target });
  return (
    <AdminPage title="Biblioteca de Mídia" failure={actionData}>
      <section
        aria-labelledby="enviar-imagens"
        className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="enviar-imagens" className="mb-4 text-xl font-bold text-slate-900 dark:text-white">
          Enviar imagens
        </h2>
        <MediaUploader />
      </section>

      <section aria-labelledby="imagens-da-biblioteca" className="flex flex-col gap-4">
        <h2 id="imagens-da-biblioteca" className="text-xl font-bold text-slate-900 dark:text-white">
          Imagens da biblioteca
        </h2>
        <Form
          method="get"
          action="/admin/midia"
          role="search"
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
        >
          <div className="flex flex-1 flex-col gap-1.5">
            <label htmlFor="busca-midia" className={labelClassName}>
              Buscar por nome ou texto alternativo
            </label>
            <TextInput
              id="busca-midia"
              type="search"
              name="busca"
              defaultValue={search}
              maxLength={MEDIA_SEARCH_MAX_LENGTH}
            />
          </div>
          <button type="submit" className={buttonClassName("secondary")}>
            Buscar
          </button>
          {search ? (
            <Link to="/admin/midia" className={buttonClassName("ghost")}>
              Limpar busca
            </Link>
          ) : null}
        </Form>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {total === 0
            ? search
              ? `Nenhuma imagem encontrada para "${search}".`
              : "Nenhuma imagem ainda. Envie a primeira acima."
            : `${total === 1 ? "1 imagem" : `${total} imagens`}${search ? ` para "${search}"` : ""}${
                pageCount > 1 ? ` · página ${page} de ${pageCount}` : ""
              }.`}
        </p>
        {items.length > 0 ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {items.map((item) => (
              <li
                key={item.id}
                className="relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white focus-within:ring-3 focus-within:ring-accent-500 dark:border-slate-800 dark:bg-slate-900"
              >
                <img
                  src={mediaThumbnailUrl(item)}
                  alt=""
                  width={item.width}
                  height={item.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="flex flex-col gap-1 p-3">
                  <h3 className="line-clamp-2 text-sm font-semibold break-all text-slate-900 dark:text-white">
                    <Link
                      to={`/admin/midia/${item.id}`}
                      className="after:absolute after:inset-0 focus:outline-none"
                    >
                      {item.name}
                    </Link>
                  </h3>
                  <p className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">
                    {item.alt || <Badge variant="archived">Sem texto alternativo</Badge>}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {item.width} × {item.height} · {item.source === "ai" ? "IA" : "Envio"} ·{" "}
                    <time dateTime={item.createdAt}>{formatListDateTime(item.createdAt)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <ListPagination label="Páginas da biblioteca" page={page} pageCount={pageCount} href={href} />
      </section>
    </AdminPage>
  );
}
