import { data, Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Button, buttonClassName, Field, TextArea, TextInput } from "~/components/admin/ui";
import { Icon } from "~/components/ui/icon";
import { MediaImage } from "~/components/ui/media-image";
import { MEDIA_ALT_MAX_LENGTH, MEDIA_NAME_MAX_LENGTH } from "~/lib/media-limits";
import { formatDetailDateTime } from "~/lib/site-time";
import type { RouteHandle } from "~/route-handle";
import { requireAdminAction, requireAdminPage } from "~/route-support/admin-guard.server";
import { answerCommand } from "~/route-support/answer-command.server";
import { refused } from "~/server/commands/index.server";
import { type FieldErrors, formText, readForm, UNREADABLE_FORM_MESSAGE } from "~/server/forms/index.server";
import {
  changeMediaDetails,
  getMediaDetail,
  MEDIA_MESSAGES,
  type MediaUsage,
  mediaIdFrom,
  removeMedia,
} from "~/server/media/index.server";
import type { Route } from "./+types/admin-midia-imagem";

// One image of the media library: its name and alt text (edited here), where it is used, and
// deleting it, which is refused while anything uses it.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdminPage(request);
  const id = mediaIdFrom(params.id);
  const media = id ? await getMediaDetail(id) : null;
  const page = { media };
  if (media) return page;
  return data({ ...page, missing: MEDIA_MESSAGES.gone }, { status: 404 });
}

interface MediaFailure {
  error: string;
  fieldErrors?: FieldErrors<"name" | "alt">;
  /** A refused deletion: the places that use the image. */
  usages?: MediaUsage[];
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireAdminAction(request);
  const form = await readForm(request);
  if (!form) return answerCommand(session, refused(UNREADABLE_FORM_MESSAGE));
  const intent = formText(form, "intent");
  const outcome =
    intent === "delete"
      ? await removeMedia(session, { id: params.id })
      : intent === "update"
        ? await changeMediaDetails(session, {
            id: params.id,
            name: formText(form, "name"),
            alt: formText(form, "alt"),
          })
        : refused(MEDIA_MESSAGES.unknownIntent);
  return answerCommand(session, outcome);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.media?.name ?? "Imagem"} | Mídia | Admin` },
  { name: "robots", content: "noindex" },
];

function kilobytes(bytes: number): string {
  return `${new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`;
}

function confirmDelete(event: React.FormEvent<HTMLFormElement>) {
  if (!window.confirm("Tem certeza que deseja excluir esta imagem da biblioteca?")) event.preventDefault();
}

function BackLink() {
  return (
    <Link to="/admin/midia" className={buttonClassName("secondary")}>
      <Icon name="arrow-left" className="size-4" />
      Voltar à biblioteca
    </Link>
  );
}

export default function AdminMediaImage({ loaderData, actionData }: Route.ComponentProps) {
  const { media } = loaderData;
  const navigation = useNavigation();
  const failure = actionData as MediaFailure | undefined;
  if (!media) {
    const missing = "missing" in loaderData ? loaderData.missing : "";
    return (
      <AdminPage title="Biblioteca de Mídia" failure={failure}>
        <section className="flex flex-col items-start gap-4">
          <h2 className="text-xl font-bold text-slate-900 dark:text-white">{missing}</h2>
          <BackLink />
        </section>
      </AdminPage>
    );
  }
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const errors = failure?.fieldErrors ?? {};
  const usages = media.usages;
  return (
    <AdminPage title="Biblioteca de Mídia" failure={failure} actions={<BackLink />}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="imagem-titulo" className="flex flex-col gap-4">
          <h2 id="imagem-titulo" className="text-xl font-bold break-all text-slate-900 dark:text-white">
            {media.name}
          </h2>
          <MediaImage
            image={media}
            sizes="(min-width: 64rem) 45rem, 100vw"
            fallbackAlt=""
            priority
            className="h-auto w-full rounded-xl bg-slate-100 object-contain dark:bg-slate-800"
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
            <dt className="font-semibold">Tamanho</dt>
            <dd>
              {media.width} × {media.height} px
            </dd>
            <dt className="font-semibold">Formatos</dt>
            <dd>
              {media.avif ? "AVIF e WebP" : "WebP"}, {media.variantCount} arquivos (
              {kilobytes(media.storedBytes)})
            </dd>
            <dt className="font-semibold">Origem</dt>
            <dd>{media.source === "ai" ? "Gerada com IA" : "Enviada"}</dd>
            <dt className="font-semibold">Adicionada em</dt>
            <dd>
              <time dateTime={media.createdAt}>{formatDetailDateTime(media.createdAt)}</time>
            </dd>
            <dt className="font-semibold">Endereço</dt>
            <dd className="break-all">
              <a href={media.url} className="text-brand-700 underline dark:text-brand-300">
                {media.url}
              </a>
            </dd>
          </dl>
        </section>

        <div className="flex flex-col gap-8">
          <section
            aria-labelledby="editar-imagem"
            className="rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="editar-imagem" className="mb-4 text-lg font-bold text-slate-900 dark:text-white">
              Nome e texto alternativo
            </h2>
            <Form method="post" className="flex flex-col gap-4" noValidate>
              <input type="hidden" name="intent" value="update" />
              <Field label="Nome" required error={errors.name}>
                <TextInput name="name" defaultValue={media.name} maxLength={MEDIA_NAME_MAX_LENGTH} />
              </Field>
              <Field
                label="Texto alternativo"
                error={errors.alt}
                hint="Descreva o que a imagem mostra para quem não pode vê-la, ex.: fachada do Edifício Aurora depois da restauração. Aparece em todas as páginas que usam a imagem."
              >
                <TextArea name="alt" rows={3} defaultValue={media.alt} maxLength={MEDIA_ALT_MAX_LENGTH} />
              </Field>
              <div>
                <Button type="submit" busy={saving} busyLabel="Salvando...">
                  Salvar
                </Button>
              </div>
            </Form>
          </section>

          <section aria-labelledby="onde-usada" className="flex flex-col gap-3">
            <h2 id="onde-usada" className="text-lg font-bold text-slate-900 dark:text-white">
              Onde é usada
            </h2>
            {usages.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Esta imagem não é usada em nenhum lugar.
              </p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {usages.map((usage) => (
                  <li key={`${usage.href} ${usage.place}`}>
                    <Link to={usage.href} className="text-brand-700 underline dark:text-brand-300">
                      {usage.place}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="excluir-imagem" className="flex flex-col items-start gap-3">
            <h2 id="excluir-imagem" className="text-lg font-bold text-slate-900 dark:text-white">
              Excluir
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {usages.length === 0
                ? "A imagem e todos os seus arquivos serão apagados."
                : "Enquanto a imagem estiver em uso, ela não pode ser excluída."}
            </p>
            <Form method="post" onSubmit={confirmDelete}>
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="danger" icon={<Icon name="x" className="size-4" />}>
                Excluir imagem
              </Button>
            </Form>
          </section>
        </div>
      </div>
    </AdminPage>
  );
}
