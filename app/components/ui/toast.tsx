import type { ComponentPropsWithRef } from "react";
import type { Toast } from "~/lib/toast";
import { Icon } from "./icon";

// The one notification of the site. The server renders it with the page (a form's outcome, a
// flash message after a redirect), so it shows with or without JavaScript; the admin's React
// toaster and the quote form's enhancement script render the same markup.

export interface ToastViewProps {
  toast: Toast;
  /**
   * Closes the toast (React). Without it, the close button stays hidden until an enhancement
   * script reveals it ([data-toast-close]): without JavaScript the notice is part of the page.
   */
  onDismiss?: () => void;
  /** The page opens focused (and scrolled) on it: after a post without JavaScript, the visitor
   *  lands on the outcome. */
  focus?: boolean;
}

/** Errors are alerts (announced assertively), successes a polite status. */
export function ToastView({ toast, onDismiss, focus = false }: ToastViewProps) {
  const variant = toast.variant ?? "success";
  const error = variant === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      data-toast={variant}
      tabIndex={focus ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: after a post without JavaScript, focus belongs on the outcome
      autoFocus={focus || undefined}
      className={`pointer-events-auto flex w-full scroll-mt-32 gap-3 rounded-xl border p-4 shadow-lg transition duration-200 focus:outline-none motion-reduce:transition-none starting:translate-y-2 starting:opacity-0 ${
        error
          ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
          : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
      }`}
    >
      <Icon name={error ? "alert-circle" : "check-circle"} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        hidden={!onDismiss}
        data-toast-close
        onClick={onDismiss}
        aria-label="Fechar notificação"
        title="Fechar"
        className="-m-1 size-8 shrink-0 items-center justify-center rounded-md opacity-80 hover:opacity-100 [&:not([hidden])]:inline-flex"
      >
        <Icon name="x" className="size-4" />
      </button>
    </div>
  );
}

const placements = {
  /** Public pages: above the chat button, which stays reachable. */
  "above-chat": "bottom-24 sm:right-6 sm:max-w-md",
  /** The admin: low in the corner, clear of the form's controls at the right of the screen
   *  (the signed-in owner has no use for the chat button). On a phone at the top: the bottom
   *  holds the sticky "Salvar", which a toast there would cover while it shows (and a finger
   *  on it pauses it). */
  corner: "top-4 sm:top-auto sm:bottom-4 sm:right-4 sm:max-w-sm",
} as const;

export interface ToastRegionProps extends Omit<ComponentPropsWithRef<"section">, "className"> {
  placement?: keyof typeof placements;
}

/** Where toasts float, bottom right, newest last. */
export function ToastRegion({ children, placement = "above-chat", ...props }: ToastRegionProps) {
  return (
    <section
      aria-label="Notificações"
      className={`pointer-events-none fixed inset-x-4 z-50 flex flex-col gap-2 sm:left-auto sm:w-full ${placements[placement]}`}
      {...props}
    >
      {children}
    </section>
  );
}
