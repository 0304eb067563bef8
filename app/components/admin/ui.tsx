import {
  type ButtonHTMLAttributes,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  use,
  useId,
} from "react";
import { Icon } from "~/components/ui/icon";
import { type PostStatus, postStatusLabels } from "~/lib/post-status";

// Small form primitives for the admin. Plain native elements (they post with a plain HTML form
// and work before hydration), styled once here. Colours are chosen for WCAG AA contrast on the
// admin's white / slate-900 surfaces in both colour schemes.

/** Props a control needs to be wired to its Field's label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
  /** For a `custom` control: the label's id, to name the control with aria-labelledby. */
  labelId?: string;
}

const FieldContext = createContext<FieldControlProps | null>(null);

function joinIds(...ids: Array<string | undefined | false>): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}

function cx(...classes: Array<string | undefined | false | null>): string {
  return classes.filter(Boolean).join(" ");
}

/** The visual "required" mark; the control itself carries `required` for assistive tech. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-400">
      {" "}
      *
    </span>
  );
}

export const labelClassName = "block text-sm font-semibold text-slate-800 dark:text-slate-200";
const hintClassName = "text-sm text-slate-600 dark:text-slate-400";
const errorClassName = "flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-400";

/** An error message line (icon + text) with the given id, for aria-describedby. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={errorClassName}>
      <Icon name="alert-circle" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export interface FieldProps {
  /** Visible label text. */
  label: ReactNode;
  /** The control: a TextInput/TextArea/Select (wired automatically through context), or a
   *  function receiving the wiring props for any other control. */
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error message (usually from the server's validation); marks the control aria-invalid. */
  error?: ReactNode;
  /** Shows the * mark and sets `required` on the control. */
  required?: boolean;
  /** Id for the control (generated when omitted). */
  id?: string;
  /**
   * The control is not a native form element (e.g. a rich-text editable): `for` labels only
   * native ones, so the label gets `labelId` instead, for the control's aria-labelledby.
   */
  custom?: boolean;
  className?: string;
}

/** Label + control + optional hint + error, with `for`, aria-describedby and aria-invalid wired. */
export function Field({ label, children, hint, error, required, id, custom, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const labelId = custom ? `${controlId}-label` : undefined;
  const control: FieldControlProps = {
    id: controlId,
    "aria-describedby": joinIds(errorId, hintId),
    "aria-invalid": error ? true : undefined,
    required: required || undefined,
    labelId,
  };
  const Label = custom ? "span" : "label";
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <Label id={labelId} htmlFor={custom ? undefined : controlId} className={labelClassName}>
        {label}
        {required ? <RequiredMark /> : null}
      </Label>
      <FieldContext value={control}>
        {typeof children === "function" ? children(control) : children}
      </FieldContext>
      {hint ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** Merges a control's own props with its Field's wiring (own props win, descriptions add up). */
function useWiredProps<P extends { id?: string; "aria-describedby"?: string; required?: boolean }>(
  props: P,
): P & Partial<FieldControlProps> {
  const field = use(FieldContext);
  if (!field) return props;
  return {
    ...props,
    id: props.id ?? field.id,
    "aria-describedby": joinIds(field["aria-describedby"], props["aria-describedby"]),
    "aria-invalid": field["aria-invalid"],
    required: props.required ?? field.required,
  };
}

// The class's utilities are in app.css: an inbox page repeats its control a hundred times.
const controlClassName = "admin-control";

export type TextInputProps = InputHTMLAttributes<HTMLInputElement>;

/** A text-like <input> (type defaults to "text"). Inside a Field it is wired automatically. */
export function TextInput({ className, type = "text", ...props }: TextInputProps) {
  const wired = useWiredProps(props);
  return <input type={type} className={cx(controlClassName, className)} {...wired} />;
}

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A <textarea> (4 rows by default). Inside a Field it is wired automatically. */
export function TextArea({ className, rows = 4, ...props }: TextAreaProps) {
  const wired = useWiredProps(props);
  return (
    <textarea
      rows={rows}
      className={cx(controlClassName, "min-h-20 leading-relaxed", className)}
      {...wired}
    />
  );
}

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement>;

/** A native <select> with a drawn chevron; pass <option>s as children. Wired inside a Field. */
export function Select({ className, children, ...props }: SelectProps) {
  const wired = useWiredProps(props);
  return (
    <div className="relative">
      <select className={cx(controlClassName, "appearance-none pr-10", className)} {...wired}>
        {children}
      </select>
      <Icon
        name="chevron-down"
        className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600 dark:text-slate-400"
      />
    </div>
  );
}

export interface SwitchProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "role" | "children" | "size"> {
  /** Visible label, e.g. "Post em Destaque". */
  label: ReactNode;
  /** Help text under the label. */
  hint?: ReactNode;
}

/**
 * An on/off switch: a real `<input type="checkbox" role="switch">`, so a form post sends
 * `name=on` when it is on and nothing when it is off (the server reads presence).
 */
export function Switch({
  label,
  hint,
  id,
  className,
  "aria-describedby": describedBy,
  ...props
}: SwitchProps) {
  const generated = useId();
  const inputId = id ?? `switch-${generated}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cx("flex items-start gap-3", className)}>
      <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
        <input
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state itself (ARIA in HTML: no aria-checked on it)
          role="switch"
          id={inputId}
          aria-describedby={joinIds(hintId, describedBy)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
          {...props}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none inline-flex h-6 w-11 items-center rounded-full bg-slate-500 p-0.5 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 peer-disabled:opacity-50 motion-reduce:transition-none peer-checked:[&>span]:translate-x-5 dark:bg-slate-500 dark:peer-checked:bg-brand-300 dark:peer-checked:[&>span]:bg-slate-950"
        >
          <span className="size-5 rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none" />
        </span>
      </span>
      <span className="flex flex-col gap-0.5">
        <label htmlFor={inputId} className={cx(labelClassName, "cursor-pointer")}>
          {label}
        </label>
        {hint ? (
          <span id={hintId} className={hintClassName}>
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

const buttonVariants: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-700 text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-slate-950 dark:hover:bg-brand-200",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-slate-950 dark:hover:bg-red-300",
  ghost: "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
};

const buttonSizes: Record<ButtonSize, string> = {
  // 44 px on a phone (a finger), 36 px where there is a pointer and room.
  sm: "min-h-11 px-3 py-1.5 text-sm lg:min-h-9",
  md: "min-h-11 px-4 py-2.5 text-base",
};

/** The class list of a Button, for links that look like buttons (e.g. <Link className=…>). */
export function buttonClassName(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return cx(
    // The shared utilities, in app.css: a list repeats its buttons on every row.
    "admin-button",
    buttonVariants[variant],
    buttonSizes[size],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** While true the button is disabled, shows a spinner and `busyLabel` (e.g. "Salvando..."). */
  busy?: boolean;
  busyLabel?: ReactNode;
  /** An icon (or any node) before the text; replaced by the spinner while busy. */
  icon?: ReactNode;
}

/** A button. `type` defaults to "button": pass type="submit" for a form's submit button. */
export function Button({
  variant = "primary",
  size = "md",
  busy = false,
  busyLabel,
  icon,
  type = "button",
  disabled,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClassName(variant, size), className)}
      {...props}
    >
      {busy ? (
        <Icon name="loader" className="size-4 shrink-0 motion-safe:animate-spin" />
      ) : icon ? (
        <span aria-hidden="true" className="inline-flex shrink-0">
          {icon}
        </span>
      ) : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

export type BadgeVariant =
  | "published"
  | "draft"
  | "scheduled"
  | "archived"
  | "featured"
  | "neutral"
  | "danger";

const badgeVariants: Record<BadgeVariant, string> = {
  published:
    "bg-green-100 text-green-800 ring-green-700/20 dark:bg-green-950 dark:text-green-300 dark:ring-green-400/30",
  draft:
    "bg-slate-100 text-slate-700 ring-slate-600/20 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-400/30",
  scheduled: "bg-sky-100 text-sky-800 ring-sky-700/20 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
  archived:
    "bg-amber-100 text-amber-800 ring-amber-700/20 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-400/30",
  featured:
    "bg-orange-100 text-accent-800 ring-accent-700/20 dark:bg-orange-950 dark:text-accent-400 dark:ring-accent-400/30",
  danger: "bg-red-100 text-red-800 ring-red-700/20 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30",
  neutral:
    "bg-brand-50 text-brand-800 ring-brand-700/20 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-300/30",
};

export interface BadgeProps {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}

/** A small pill label. */
export function Badge({ variant = "neutral", children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        badgeVariants[variant],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Publicado (green), Rascunho (slate) or Arquivado (amber). */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  return <Badge variant={status}>{postStatusLabels[status]}</Badge>;
}

/** The "Destaque" badge of a featured post. */
export function FeaturedBadge() {
  return (
    <Badge variant="featured">
      <Icon name="star" className="size-3.5" />
      Destaque
    </Badge>
  );
}
