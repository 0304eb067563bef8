import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { MEDIA_UPLOAD_MAX_BYTES } from "~/lib/media-limits";
import { slugify } from "~/lib/slug";
import type {
  EditableWork,
  WorkFieldErrors,
  WorkFormFailure,
  WorkFormValues,
  WorkPicture,
} from "~/server/works/index.server";
import { AdminPage } from "./admin-page";
import { useMediaPicker } from "./media-picker";
import { StickySaveBar } from "./sticky-save-bar";
import { Button, buttonClassName, Field, Switch, TextArea, TextInput } from "./ui";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";
import { type GalleryPhoto, WorkGalleryField } from "./work-gallery-field";
import { type BeforeAfterPair, WorkPairsField } from "./work-pairs-field";
import { WorkPictureField } from "./work-picture-field";

export interface WorkEditorScreenProps {
  /** The work being edited; null for a new one. */
  work: EditableWork | null;
  failure: WorkFormFailure | undefined;
}

/**
 * The gallery, pairs and cover as the form starts: what was sent (when nothing was saved) or saved.
 * Their keys name the inputs' ids, so they come from the order, the same on the server and in the
 * browser (hydration); photos added later get keys of their own (newKey).
 */
function initialPictures(work: EditableWork | null, failure: WorkFormFailure | undefined) {
  const sent = failure?.values;
  if (!sent) {
    return {
      cover: work?.cover ?? null,
      photos: (work?.photos ?? []).map((photo, index): GalleryPhoto => ({ key: `foto-${index}`, ...photo })),
      pairs: (work?.pairs ?? []).map((pair, index): BeforeAfterPair => ({ key: `par-${index}`, ...pair })),
    };
  }
  const pictures = failure?.pictures ?? {};
  const picture = (ref: string): WorkPicture | null => pictures[ref] ?? null;
  return {
    cover: picture(sent.cover),
    photos: sent.photos.flatMap((photo, index): GalleryPhoto[] => {
      const found = picture(photo.picture);
      return found ? [{ key: `foto-${index}`, picture: found, title: photo.title, alt: photo.alt }] : [];
    }),
    pairs: sent.pairs.map(
      (pair, index): BeforeAfterPair => ({
        key: `par-${index}`,
        title: pair.title,
        before: picture(pair.before),
        beforeAlt: pair.beforeAlt,
        after: picture(pair.after),
        afterAlt: pair.afterAlt,
      }),
    ),
  };
}

/** The inputs of one photo and of one pair, as they post (see work-form.server.ts). */
const PHOTO_INPUTS = ["photo", "photoTitle", "photoAlt"] as const;
const PAIR_INPUTS = ["pairTitle", "pairBefore", "pairBeforeAlt", "pairAfter", "pairAfterAlt"] as const;

/**
 * The server names a photo's or a pair's field by its position in what was sent
 * ("photoAlt:2"); the editor keeps the message with that photo or pair ("foto-2:photoAlt"), so it
 * stays at its field when photos are moved or removed afterwards. `sentAt` is where an item was.
 */
function errorsByItem(
  fieldErrors: WorkFieldErrors,
  photos: GalleryPhoto[],
  pairs: BeforeAfterPair[],
  sentAt: (key: string, position: number) => number,
): Record<string, string> {
  const byItem: Record<string, string> = {};
  const collect = (key: string, position: number, inputs: readonly string[]) => {
    for (const input of inputs) {
      const message = fieldErrors[`${input}:${sentAt(key, position)}`];
      if (message) byItem[`${key}:${input}`] = message;
    }
  };
  for (const [position, photo] of photos.entries()) collect(photo.key, position, PHOTO_INPUTS);
  for (const [position, pair] of pairs.entries()) collect(pair.key, position, PAIR_INPUTS);
  return byItem;
}

/** Where an item stood in the form the page was drawn from: its first key ("foto-2") says so. */
const positionInKey = (key: string, position: number) => {
  const sent = /^(?:foto|par)-(\d+)$/.exec(key)?.[1];
  return sent === undefined ? position : Number(sent);
};

/** The work form: a new work (work null) or the one being edited. */
export function WorkEditorScreen({ failure, work }: WorkEditorScreenProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: WorkFieldErrors = failure?.fieldErrors ?? {};
  const sent = failure?.values;
  const value = (field: Exclude<keyof WorkFormValues, "photos" | "pairs">, saved: string) =>
    sent?.[field] ?? saved;
  const heading = work ? "Editar Obra" : "Nova Obra";
  const picker = useMediaPicker({ maxUploadBytes: MEDIA_UPLOAD_MAX_BYTES });
  // Buttons that need JavaScript show once React runs here (tests wait for data-enhanced).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [start] = useState(() => initialPictures(work, failure));
  const [cover, setCover] = useState<WorkPicture | null>(start.cover);
  const [coverAlt, setCoverAlt] = useState(value("coverAlt", work?.coverAlt ?? ""));
  const [photos, setPhotos] = useState<GalleryPhoto[]>(start.photos);
  const [pairs, setPairs] = useState<BeforeAfterPair[]>(start.pairs);
  const [title, setTitle] = useState(value("title", work?.title ?? ""));
  // The page drawn from what was sent (no JavaScript, or a reload) keeps each item's position in
  // its key; a refusal that arrives later is about the photos and pairs as they are then.
  const [itemErrors, setItemErrors] = useState(() =>
    errorsByItem(errors, start.photos, start.pairs, positionInKey),
  );
  const [answered, setAnswered] = useState(failure);
  if (failure !== answered) {
    setAnswered(failure);
    setItemErrors(errorsByItem(failure?.fieldErrors ?? {}, photos, pairs, (_key, position) => position));
  }
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, failure);

  function chooseCover(picture: WorkPicture | null) {
    setCover(picture);
    // A newly chosen cover brings its library alt text, unless one was typed (also while it was
    // uploading: the upload ends after the typing, so the text typed then is read here).
    if (picture) setCoverAlt((typed) => typed || picture.alt);
  }

  return (
    <AdminPage title="Obras" failure={failure}>
      <section
        aria-labelledby="form-obra-titulo"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h2 id="form-obra-titulo" className="text-xl font-bold text-slate-900 dark:text-white">
            {heading}
          </h2>
          {work?.published ? (
            <a href={`/obras/${work.slug}`} className="text-sm text-brand-700 underline dark:text-brand-300">
              Ver no site<span className="sr-only">: {work.title}</span>
            </a>
          ) : null}
        </div>
        <Form
          ref={form}
          method="post"
          className="flex flex-col gap-5"
          noValidate
          data-enhanced={enhanced || undefined}
        >
          <Field label="Título" required error={errors.title}>
            <TextInput
              name="title"
              value={title}
              onChange={(event) => setTitle(event.currentTarget.value)}
              maxLength={120}
            />
          </Field>
          <Field
            label="Endereço da página (/obras/…)"
            error={errors.slug}
            hint={
              work
                ? "Letras minúsculas, números e hífens. Mudá-lo quebra links que já apontam para a obra."
                : "Letras minúsculas, números e hífens. Em branco, é criado a partir do título."
            }
          >
            <TextInput
              name="slug"
              defaultValue={value("slug", work?.slug ?? "")}
              placeholder={work ? undefined : title.trim() ? slugify(title) : "edificio-aurora"}
              maxLength={80}
            />
          </Field>
          <div className="grid gap-5 md:grid-cols-2">
            <Field label="Bairro" error={errors.neighbourhood}>
              <TextInput
                name="neighbourhood"
                defaultValue={value("neighbourhood", work?.neighbourhood ?? "")}
                maxLength={80}
              />
            </Field>
            <Field label="Cidade" required error={errors.city}>
              <TextInput name="city" defaultValue={value("city", work?.city ?? "Curitiba")} maxLength={80} />
            </Field>
            <Field label="Período ou ano" error={errors.period} hint='Ex.: "2024" ou "mar. a jun. 2024".'>
              <TextInput name="period" defaultValue={value("period", work?.period ?? "")} maxLength={60} />
            </Field>
            <Field label="Tipo de edificação" error={errors.buildingType} hint="Ex.: Residencial, Comercial.">
              <TextInput
                name="buildingType"
                defaultValue={value("buildingType", work?.buildingType ?? "")}
                maxLength={60}
              />
            </Field>
          </div>
          <Field label="Serviços realizados" error={errors.services} hint="Um serviço por linha, até 20.">
            <TextArea
              name="services"
              rows={5}
              defaultValue={value("services", work?.services.join("\n") ?? "")}
              maxLength={3000}
            />
          </Field>
          <Field
            label="Descrição"
            error={errors.description}
            hint="Texto simples; deixe uma linha em branco entre os parágrafos."
          >
            <TextArea
              name="description"
              rows={8}
              defaultValue={value("description", work?.description ?? "")}
              maxLength={5000}
            />
          </Field>
          <fieldset className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">Capa</legend>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              A primeira imagem da página da obra e a que aparece quando o link é compartilhado.
            </p>
            <WorkPictureField
              name="cover"
              label="Capa"
              value={cover}
              onChange={chooseCover}
              picker={picker}
              enhanced={enhanced}
              error={errors.cover}
            />
            <Field label="Texto alternativo da capa" required={Boolean(cover)} error={errors.coverAlt}>
              <TextInput
                name="coverAlt"
                value={coverAlt}
                onChange={(event) => setCoverAlt(event.currentTarget.value)}
                maxLength={300}
              />
            </Field>
          </fieldset>
          <WorkGalleryField
            photos={photos}
            onChange={setPhotos}
            picker={picker}
            enhanced={enhanced}
            error={errors.photos}
            itemErrors={itemErrors}
          />
          <WorkPairsField
            pairs={pairs}
            onChange={setPairs}
            picker={picker}
            enhanced={enhanced}
            error={errors.pairs}
            itemErrors={itemErrors}
          />
          <Switch
            name="inProgress"
            label="Em execução"
            hint='Mostra o selo "Em execução" na obra.'
            defaultChecked={sent ? sent.inProgress === "on" : (work?.inProgress ?? false)}
          />
          <Switch
            name="published"
            label="Publicada"
            hint="Desligado, a obra fica como rascunho e não aparece no site."
            defaultChecked={sent ? sent.published === "on" : (work?.published ?? false)}
          />
          <StickySaveBar>
            <Button type="submit" busy={saving} busyLabel="Salvando...">
              Salvar
            </Button>
            <Link to="/admin/obras" className={buttonClassName("secondary")}>
              Cancelar
            </Link>
          </StickySaveBar>
        </Form>
        {picker.dialog}
      </section>
    </AdminPage>
  );
}
