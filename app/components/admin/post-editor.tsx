import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { CategoryRef } from "~/lib/blog-types";
import { POST_IMAGE_MAX_BYTES } from "~/lib/media-limits";
import { postStatuses, postStatusLabels } from "~/lib/post-status";
import { DEFAULT_READ_TIME } from "~/lib/read-time";
import type { EditablePost, PostFormFailure, RevisionListItem } from "~/server/posts/index.server";
import { AdminPage, type AdminPageProps } from "./admin-page";
import { FeaturedImageField } from "./featured-image-field";
import { useMediaPicker } from "./media-picker";
import { PostConflictPanel, SaveAnywayButton } from "./post-conflict-panel";
import { PostPreviewButton } from "./post-preview-button";
import { PostRevisions } from "./post-revisions";
import { PostScheduleField } from "./post-schedule-field";
import { PostSeoFields } from "./post-seo-fields";
import { PostShareLinks } from "./post-share-links";
import { RichTextEditor } from "./rich-text-editor";
import { StickySaveBar } from "./sticky-save-bar";
import { Button, buttonClassName, Field, Select, Switch, TextArea, TextInput } from "./ui";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";
import { useFormChanges } from "./use-form-changes";
import { useLeaveGuard } from "./use-leave-guard";
import { usePostAutosave } from "./use-post-autosave";

/** 'Novo Post' toggles the form: it opens a new post's form, and closes any open one. */
function NewPostToggle({ open }: { open: boolean }) {
  return (
    <Link
      to={open ? "/admin" : "/admin/posts/novo"}
      className={buttonClassName("primary")}
      aria-expanded={open}
    >
      <Icon name={open ? "x" : "file-text"} className="size-4" />
      Novo Post
    </Link>
  );
}

export interface BlogAdminPageProps extends Omit<AdminPageProps, "title" | "actions"> {
  /** The post form is open (a new post, or one being edited). */
  formOpen: boolean;
}

/** A screen of the blog admin ('Admin do Blog'): the list of posts, or the post form. */
export function BlogAdminPage({ formOpen, ...page }: BlogAdminPageProps) {
  return <AdminPage title="Admin do Blog" actions={<NewPostToggle open={formOpen} />} {...page} />;
}

export interface PostEditorScreenProps {
  /** The post being edited; null for a new one. */
  post: EditablePost | null;
  categories: CategoryRef[];
  aiConfigured: boolean;
  failure: PostFormFailure | undefined;
  /** The saved versions of the post being edited (none for a new one). */
  revisions?: RevisionListItem[];
}

/** The admin with the post form open: a new post (post null) or the one being edited. */
export function PostEditorScreen({ failure, ...form }: PostEditorScreenProps) {
  return (
    <BlogAdminPage failure={failure} formOpen>
      {/* One form per post: its state (the values it started from, its version) is that post's. */}
      <PostForm key={form.post?.id ?? "novo"} {...form} failure={failure} />
    </BlogAdminPage>
  );
}

type PostFormProps = Pick<
  PostEditorScreenProps,
  "post" | "categories" | "aiConfigured" | "failure" | "revisions"
>;

function PostForm({ post: loaded, categories, aiConfigured, failure, revisions }: PostFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  // The fields start from the post as loaded, or from the values a refused save posted (a page
  // rendered anew without JavaScript), and never follow later loader data: an autosave or
  // someone else's save must not replace what is being typed.
  const [post] = useState(() => failure?.draft ?? loaded);
  const [baseVersion, setBaseVersion] = useState(post?.version ?? 0);
  // The SEO block's share preview falls back to the featured image picked now.
  const [featuredImageUrl, setFeaturedImageUrl] = useState(post?.featured_image_url ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  const { isDirty, markSaved } = useFormChanges(formRef);
  const guard = useLeaveGuard(isDirty);
  useFocusFirstInvalid(formRef, failure?.fieldErrors);
  const autosaveStatus = usePostAutosave({
    formRef,
    enabled: loaded?.status === "draft",
    isDirty,
    markSaved,
    onVersion: setBaseVersion,
  });
  // Inside the ToastProvider: an upload tells how it went with a toast. The content's images
  // come from the library too (or are uploaded into it from the same dialog).
  const contentImages = useMediaPicker({
    maxUploadBytes: POST_IMAGE_MAX_BYTES,
    title: "Inserir imagem no conteúdo",
  });
  return (
    <section
      aria-labelledby="form-post-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="form-post-titulo" className="mb-6 text-xl font-bold text-slate-900 dark:text-white">
        {post ? "Editar Post" : "Novo Post"}
      </h2>
      {/* A new key per post resets every field when going from one post to another. */}
      <Form
        method="post"
        key={post?.id ?? "novo"}
        ref={formRef}
        onSubmit={guard.onSubmit}
        className="flex flex-col gap-5"
        noValidate
      >
        {post ? <input type="hidden" name="baseVersion" value={baseVersion} /> : null}
        {failure?.conflict ? <PostConflictPanel conflict={failure.conflict} /> : null}
        <FeaturedImageField
          name="featuredImageUrl"
          defaultValue={post?.featured_image_url ?? null}
          aiConfigured={aiConfigured}
          maxUploadBytes={POST_IMAGE_MAX_BYTES}
          onImageChange={(image) => setFeaturedImageUrl(image?.url ?? null)}
          error={errors.featuredImageUrl}
        />
        <Field label="Título" required error={errors.title}>
          <TextInput name="title" defaultValue={post?.title ?? ""} maxLength={200} />
        </Field>
        <Field label="Categoria" required error={errors.categoryId}>
          <Select name="categoryId" defaultValue={post?.category_id ?? ""}>
            <option value="">Selecione uma categoria</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Resumo" required error={errors.excerpt}>
          <TextArea name="excerpt" rows={3} defaultValue={post?.excerpt ?? ""} maxLength={500} />
        </Field>
        <RichTextEditor
          name="content"
          label="Conteúdo"
          required
          defaultValue={post?.content ?? ""}
          error={errors.content}
          onPickImage={contentImages.pick}
        />
        {contentImages.dialog}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Tempo de Leitura (min)" error={errors.readTime}>
            <TextInput
              name="readTime"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              defaultValue={post?.read_time ?? DEFAULT_READ_TIME}
            />
          </Field>
          <Field label="Status">
            <Select name="status" defaultValue={post?.status ?? "draft"}>
              {postStatuses.map((status) => (
                <option key={status} value={status}>
                  {postStatusLabels[status]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <PostScheduleField scheduledAt={post?.scheduled_at ?? null} error={errors.scheduledAt} />
        <Switch name="featured" label="Post em Destaque" defaultChecked={post?.featured ?? false} />
        <PostSeoFields
          seo={post?.seo ?? null}
          title={post?.title ?? ""}
          excerpt={post?.excerpt ?? ""}
          featuredImageUrl={featuredImageUrl}
          errors={errors}
        />
        <StickySaveBar>
          <Button type="submit" busy={saving} busyLabel="Salvando...">
            Salvar
          </Button>
          {failure?.conflict ? <SaveAnywayButton conflict={failure.conflict} /> : null}
          <PostPreviewButton />
          <Link to="/admin" className={buttonClassName("secondary")}>
            Cancelar
          </Link>
        </StickySaveBar>
        {post ? (
          <p role="status" className="text-sm text-slate-700 empty:sr-only dark:text-slate-300">
            {autosaveStatus}
          </p>
        ) : null}
      </Form>
      {post ? <PostShareLinks postId={post.id} /> : null}
      {post ? <PostRevisions postId={post.id} revisions={revisions ?? []} /> : null}
    </section>
  );
}
