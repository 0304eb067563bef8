import { Image as ImageExtension } from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { parseMediaUrl } from "~/lib/media-url";
import { Field, type FieldControlProps } from "./ui";

// The post body editor ("Conteúdo"). TipTap edits the document; its HTML is mirrored into a
// hidden input so a plain form post (React Router <Form>) submits it. The server sanitises that
// HTML against its allowlist and validates emptiness: an empty document submits "".
//
// TipTap renders on the client only (`immediatelyRender: false`); the server renders the label,
// the toolbar (disabled) and an empty box of the editor's size, so nothing jumps on hydration.

const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp";
const LINK_PROMPT = "Endereço do link (https://…)";
const IMAGE_PROMPT = "Endereço da imagem (https://…)";

/** True for hrefs a post may carry: http(s), mailto and tel URLs, and same-site paths/anchors. */
export function isAllowedHref(href: string): boolean {
  // Browsers ignore whitespace and control characters inside a scheme ("java\nscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
  const compact = href.replace(/[\s\u0000-\u001f\u007f]/g, "");
  if (compact.startsWith("//")) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(compact)) return /^(https?|mailto|tel):/i.test(compact);
  return true;
}

/**
 * What the owner typed in the link prompt, as an href: "" removes the link, null is refused.
 * "www.example.com" becomes https://…, "nome@dominio.com" mailto:…, "+55 41 99876-5432" tel:….
 */
export function normaliseLinkInput(input: string): string | null {
  const value = input.trim();
  if (!value) return "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return isAllowedHref(value) ? value : null;
  if (value.startsWith("/") || value.startsWith("#")) return isAllowedHref(value) ? value : null;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^\+?[\d\s().-]{8,}$/.test(value)) return `tel:${value.replace(/[^\d+]/g, "")}`;
  if (/^[^\s/]+\.[^\s]+$/.test(value)) return `https://${value}`;
  return null;
}

/** An image address typed by the owner: http(s) or a same-site path; null when refused. */
export function normaliseImageInput(input: string): string | null {
  const value = input.trim();
  if (/^https?:\/\/\S+$/i.test(value)) return value;
  if (/^\/[^/\s]\S*$/.test(value)) return value;
  return null;
}

// Created once: TipTap compares the extension list between renders.
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Not offered in the toolbar and not styled on the public article.
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      linkOnPaste: true,
      defaultProtocol: "https",
      // Only http, https, mailto and tel (and same-site paths): enforced when parsing, setting
      // and rendering links. (`protocols` only registers extra schemes with the autolinker.)
      isAllowedUri: (url) => isAllowedHref(url),
      // The server adds rel/target to external links when it sanitises.
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
  ImageExtension.configure({ inline: false, allowBase64: false }),
];

/** True when the document holds no text and no image or rule. */
function isDocumentEmpty(editor: Editor): boolean {
  let hasContent = false;
  editor.state.doc.descendants((node) => {
    if (hasContent) return false;
    if (node.isText) {
      if (node.text?.trim()) hasContent = true;
    } else if (node.isAtom && node.type.name !== "hardBreak") {
      hasContent = true;
    }
    return !hasContent;
  });
  return !hasContent;
}

/** A rough emptiness check of stored HTML, for the first (server) render. */
function isHtmlEmpty(html: string): boolean {
  if (/<(img|hr)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;/gi, "")
      .trim() === ""
  );
}

function serialise(editor: Editor): { html: string; empty: boolean } {
  const empty = isDocumentEmpty(editor);
  // The trailing empty paragraph TipTap keeps after a final image is not content.
  return { html: empty ? "" : editor.getHTML().replace(/(?:<p><\/p>)+$/, ""), empty };
}

interface ToolbarState {
  h2: boolean;
  h3: boolean;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function readToolbarState(editor: Editor): ToolbarState {
  return {
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    bulletList: editor.isActive("bulletList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    link: editor.isActive("link"),
    canUndo: editor.can().undo(),
    canRedo: editor.can().redo(),
  };
}

function sameToolbarState(a: ToolbarState, b: ToolbarState): boolean {
  return (Object.keys(a) as Array<keyof ToolbarState>).every((key) => a[key] === b[key]);
}

export interface RichTextEditorProps {
  /** Form field name of the hidden input that carries the HTML (e.g. "content"). */
  name: string;
  /** Initial HTML. Changing it (e.g. editing another post) replaces the editor's content. */
  defaultValue?: string;
  /** Visible label, e.g. "Conteúdo". */
  label: ReactNode;
  /** Shows the * mark and aria-required; emptiness is still validated by the server. */
  required?: boolean;
  /**
   * Uploads a picked image and resolves to its URL (or null when the upload failed and the
   * caller already told the user). Without it, the Imagem button asks for an image address.
   */
  onUploadImage?: (file: File) => Promise<string | null>;
  /**
   * Lets the owner choose an image (the media library's picker) and resolves to it, or null
   * when nothing was chosen. Takes precedence over `onUploadImage`.
   */
  onPickImage?: () => Promise<{ url: string; alt: string } | null>;
  /** Error message from the server's validation (marks the editor aria-invalid). */
  error?: ReactNode;
  /** Help text under the editor. */
  hint?: ReactNode;
  /** Id of the editable element (generated when omitted), e.g. to focus it from an error summary. */
  id?: string;
  className?: string;
}

type ToolbarItem = {
  key: string;
  label: string;
  shortcut?: string;
  keyshortcuts?: string;
  content: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  busy?: boolean;
  run: () => void;
};

/** The editor as a form field: the admin's label, hint and error markup around the editor. */
export function RichTextEditor({
  label,
  required,
  error,
  hint,
  id,
  className,
  ...editor
}: RichTextEditorProps) {
  return (
    <Field label={label} required={required} error={error} hint={hint} id={id} className={className} custom>
      {(control) => <EditorControl control={control} {...editor} />}
    </Field>
  );
}

interface EditorControlProps
  extends Pick<RichTextEditorProps, "name" | "defaultValue" | "onUploadImage" | "onPickImage"> {
  /** The Field's wiring: the editable element's id, label, description, state. */
  control: FieldControlProps;
}

function EditorControl({ control, name, defaultValue = "", onUploadImage, onPickImage }: EditorControlProps) {
  const { id: contentId, labelId, required, "aria-describedby": describedBy } = control;
  const invalid = Boolean(control["aria-invalid"]);
  const statusId = `${contentId}-status`;

  const fileInput = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(() => isHtmlEmpty(defaultValue));
  const [html, setHtml] = useState(() => (isHtmlEmpty(defaultValue) ? "" : defaultValue));
  const [status, setStatus] = useState("");
  const [uploading, setUploading] = useState(false);

  const mirror = useCallback((editor: Editor) => {
    const next = serialise(editor);
    setHtml(next.html);
    setEmpty(next.empty);
  }, []);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id: contentId,
        role: "textbox",
        "aria-multiline": "true",
        ...(labelId ? { "aria-labelledby": labelId } : {}),
        ...(required ? { "aria-required": "true" } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: editableClassName,
      },
    }),
    [contentId, labelId, required, invalid, describedBy],
  );

  const editor = useEditor(
    {
      extensions,
      content: defaultValue,
      immediatelyRender: false,
      // The toolbar subscribes to transactions itself (below).
      shouldRerenderOnTransaction: false,
      // No <style> element at run time (a strict CSP would block it); the rules ProseMirror
      // needs are in editableClassName.
      injectCSS: false,
      editorProps,
      onCreate: ({ editor }) => mirror(editor),
      onUpdate: ({ editor }) => mirror(editor),
    },
    // A new defaultValue (another post opened in the same form) makes a new editor: new content
    // and an empty undo history.
    [defaultValue],
  );

  // Label, required, error and description changes reach the live editable element.
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps });
  }, [editor, editorProps]);

  // What the toolbar shows (pressed buttons, undo/redo), re-read after every transaction and
  // stored only when it changed, so typing does not re-render the toolbar.
  const [state, setState] = useState<ToolbarState | null>(null);
  useEffect(() => {
    if (!editor) return;
    const update = () =>
      setState((previous) => {
        const next = readToolbarState(editor);
        return previous && sameToolbarState(previous, next) ? previous : next;
      });
    update();
    editor.on("transaction", update);
    return () => {
      editor.off("transaction", update);
    };
  }, [editor]);

  const insertImage = useCallback(
    (src: string, alt = "") => {
      if (!editor) return;
      const size = parseMediaUrl(src);
      editor
        .chain()
        .focus()
        .setImage({ src, alt, ...(size ? { width: size.width, height: size.height } : {}) })
        .run();
    },
    [editor],
  );

  const editLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt(LINK_PROMPT, current);
    if (answer === null) {
      editor.commands.focus();
      return;
    }
    const href = normaliseLinkInput(answer);
    if (href === null) {
      setStatus("Endereço de link inválido. Use http://, https://, mailto: ou tel:.");
      editor.commands.focus();
      return;
    }
    setStatus("");
    if (href === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: insert the address itself as the link text.
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: answer.trim(), marks: [{ type: "link", attrs: { href } }] })
        .run();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
  };

  const pickImage = async () => {
    if (!editor || uploading) return;
    if (onPickImage) {
      const picked = await onPickImage();
      if (picked) insertImage(picked.url, picked.alt);
      else editor.commands.focus();
      return;
    }
    if (onUploadImage) {
      fileInput.current?.click();
      return;
    }
    const answer = window.prompt(IMAGE_PROMPT, "");
    if (answer === null || answer.trim() === "") {
      editor.commands.focus();
      return;
    }
    const src = normaliseImageInput(answer);
    if (!src) {
      setStatus("Endereço de imagem inválido. Use um endereço http:// ou https://.");
      editor.commands.focus();
      return;
    }
    setStatus("");
    insertImage(src);
  };

  const uploadPicked = async (file: File | undefined) => {
    if (!file || !onUploadImage) return;
    setUploading(true);
    setStatus("Enviando imagem…");
    try {
      const url = await onUploadImage(file);
      setStatus("");
      if (url) insertImage(url);
      else editor?.commands.focus();
    } catch (cause) {
      console.error(cause);
      setStatus("Erro ao fazer upload da imagem.");
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const ready = Boolean(editor);
  const items: ToolbarItem[][] = [
    [
      {
        key: "h2",
        label: "Título",
        keyshortcuts: "Control+Alt+2",
        shortcut: "Ctrl+Alt+2",
        content: <Icon name="heading-2" />,
        pressed: state?.h2,
        run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
      },
      {
        key: "h3",
        label: "Subtítulo",
        keyshortcuts: "Control+Alt+3",
        shortcut: "Ctrl+Alt+3",
        content: <Icon name="heading-3" />,
        pressed: state?.h3,
        run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      {
        key: "bold",
        label: "Negrito",
        keyshortcuts: "Control+B",
        shortcut: "Ctrl+B",
        content: (
          <span aria-hidden="true" className="text-base font-extrabold">
            B
          </span>
        ),
        pressed: state?.bold,
        run: () => editor?.chain().focus().toggleBold().run(),
      },
      {
        key: "italic",
        label: "Itálico",
        keyshortcuts: "Control+I",
        shortcut: "Ctrl+I",
        content: (
          <span aria-hidden="true" className="font-serif text-base italic">
            I
          </span>
        ),
        pressed: state?.italic,
        run: () => editor?.chain().focus().toggleItalic().run(),
      },
    ],
    [
      {
        key: "bulletList",
        label: "Lista",
        keyshortcuts: "Control+Shift+8",
        shortcut: "Ctrl+Shift+8",
        content: <Icon name="list" />,
        pressed: state?.bulletList,
        run: () => editor?.chain().focus().toggleBulletList().run(),
      },
      {
        key: "orderedList",
        label: "Lista numerada",
        keyshortcuts: "Control+Shift+7",
        shortcut: "Ctrl+Shift+7",
        content: <Icon name="list-ordered" />,
        pressed: state?.orderedList,
        run: () => editor?.chain().focus().toggleOrderedList().run(),
      },
      {
        key: "blockquote",
        label: "Citação",
        keyshortcuts: "Control+Shift+B",
        shortcut: "Ctrl+Shift+B",
        content: <Icon name="quote" />,
        pressed: state?.blockquote,
        run: () => editor?.chain().focus().toggleBlockquote().run(),
      },
    ],
    [
      {
        key: "link",
        label: "Link",
        content: <Icon name="link" />,
        pressed: state?.link,
        run: editLink,
      },
      {
        key: "image",
        label: "Imagem",
        content: (
          <Icon
            name={uploading ? "loader" : "image"}
            className={uploading ? "size-5 motion-safe:animate-spin" : "size-5"}
          />
        ),
        // Busy, not disabled: a keyboard user keeps the focus on the button.
        busy: uploading,
        run: () => void pickImage(),
      },
    ],
    [
      {
        key: "undo",
        label: "Desfazer",
        keyshortcuts: "Control+Z",
        shortcut: "Ctrl+Z",
        content: <Icon name="undo" />,
        disabled: !state?.canUndo,
        run: () => editor?.chain().focus().undo().run(),
      },
      {
        key: "redo",
        label: "Refazer",
        keyshortcuts: "Control+Shift+Z",
        shortcut: "Ctrl+Shift+Z",
        content: <Icon name="redo" />,
        disabled: !state?.canRedo,
        run: () => editor?.chain().focus().redo().run(),
      },
    ],
  ];

  // One tab stop for the whole toolbar; arrow keys, Home and End move between buttons.
  const [current, setCurrent] = useState("h2");
  const flat = items.flat();
  const enabled = flat.filter((item) => ready && !item.disabled);
  const tabStop = enabled.some((item) => item.key === current) ? current : (enabled[0]?.key ?? "h2");
  const toolbar = useRef<HTMLDivElement>(null);

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in moves) && event.key !== "Home" && event.key !== "End") return;
    const buttons = Array.from(
      toolbar.current?.querySelectorAll<HTMLButtonElement>("button[data-key]:not(:disabled)") ?? [],
    );
    if (buttons.length === 0) return;
    event.preventDefault();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    let next: number;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = buttons.length - 1;
    else next = (index + (moves[event.key] ?? 0) + buttons.length) % buttons.length;
    const target = buttons[next];
    if (!target) return;
    setCurrent(target.dataset.key ?? "h2");
    target.focus();
  };

  return (
    <>
      <div
        className={`overflow-hidden rounded-lg border bg-white focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30 dark:bg-slate-950 dark:focus-within:border-brand-300 dark:focus-within:ring-brand-300/30 ${
          invalid ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
        }`}
      >
        <div
          ref={toolbar}
          role="toolbar"
          aria-label="Formatação do conteúdo"
          // The content it formats exists once TipTap has mounted it; before that (the server's
          // render, or a page not yet hydrated) the reference would point at nothing.
          aria-controls={editor ? contentId : undefined}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 p-1.5 dark:border-slate-700 dark:bg-slate-900"
        >
          {items.map((group, groupIndex) => (
            <div key={group[0]?.key ?? groupIndex} className="flex items-center gap-0.5">
              {groupIndex > 0 ? (
                <span aria-hidden="true" className="mr-1 h-6 w-px bg-slate-300 dark:bg-slate-600" />
              ) : null}
              {group.map((item) => (
                <button
                  key={item.key}
                  type="button"
                  data-key={item.key}
                  aria-label={item.label}
                  aria-pressed={item.pressed === undefined ? undefined : Boolean(item.pressed)}
                  aria-keyshortcuts={item.keyshortcuts}
                  aria-busy={item.busy || undefined}
                  aria-disabled={item.busy || undefined}
                  title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
                  disabled={!ready || item.disabled}
                  tabIndex={item.key === tabStop ? 0 : -1}
                  onFocus={() => setCurrent(item.key)}
                  // Clicking keeps the focus (and the selection) in the editor.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={item.run}
                  className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 transition-colors hover:bg-slate-200 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-accent-500 disabled:cursor-not-allowed disabled:opacity-40 aria-busy:cursor-progress aria-pressed:bg-brand-100 aria-pressed:text-brand-800 motion-reduce:transition-none dark:text-slate-200 dark:hover:bg-slate-700 dark:aria-pressed:bg-brand-800 dark:aria-pressed:text-white"
                >
                  {item.content}
                </button>
              ))}
            </div>
          ))}
        </div>
        <div className="relative">
          {editor ? (
            <EditorContent editor={editor} />
          ) : (
            // Server render and first client render: the same box, empty.
            <div aria-hidden="true" className={`${editableClassName} text-transparent`} />
          )}
          {empty ? (
            <p
              aria-hidden="true"
              className="pointer-events-none absolute top-0 left-0 px-4 py-3 text-[1.0625rem] leading-[1.75] text-slate-500 dark:text-slate-400"
            >
              Escreva o conteúdo do post…
            </p>
          ) : null}
        </div>
      </div>
      <p id={statusId} role="status" className="text-sm text-slate-700 empty:sr-only dark:text-slate-300">
        {status}
      </p>
      <input type="hidden" name={name} value={html} />
      {onUploadImage ? (
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES}
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void uploadPicked(event.currentTarget.files?.[0])}
        />
      ) : null}
    </>
  );
}

// The editable element: the public article's typography plus the few rules ProseMirror needs
// (normally injected as a <style> element).
const editableClassName = [
  "prose-article min-h-64 px-4 py-3 text-slate-800 focus:outline-none dark:text-slate-200",
  "relative whitespace-break-spaces break-words [font-feature-settings:'liga'_0] [font-variant-ligatures:none]",
  "[&>:first-child]:mt-0",
  "[&_img.ProseMirror-selectednode]:outline-3 [&_img.ProseMirror-selectednode]:outline-brand-600",
  "[&_img.ProseMirror-separator]:inline! [&_img.ProseMirror-separator]:size-0! [&_img.ProseMirror-separator]:m-0! [&_img.ProseMirror-separator]:border-0!",
  "[&_[contenteditable=false]]:whitespace-normal",
  "[&_.ProseMirror-gapcursor]:pointer-events-none [&_.ProseMirror-gapcursor]:absolute [&_.ProseMirror-gapcursor]:hidden",
  "[&.ProseMirror-focused_.ProseMirror-gapcursor]:block",
  "[&_.ProseMirror-gapcursor]:after:absolute [&_.ProseMirror-gapcursor]:after:-top-0.5 [&_.ProseMirror-gapcursor]:after:block [&_.ProseMirror-gapcursor]:after:w-5 [&_.ProseMirror-gapcursor]:after:border-t [&_.ProseMirror-gapcursor]:after:border-current [&_.ProseMirror-gapcursor]:after:content-['']",
  "[&.ProseMirror-hideselection_*]:caret-transparent [&.ProseMirror-hideselection_*::selection]:bg-transparent",
].join(" ");
