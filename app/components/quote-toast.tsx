import { QUOTE_FAILURE_TOAST } from "~/lib/quote";
import type { Toast } from "~/lib/toast";
import { Icon } from "./ui/icon";

/**
 * One notification about the quote form: errors are alerts, success a polite status. With
 * `focus`, the page opens focused (and scrolled) on it: after a post without JavaScript, the
 * visitor lands on the outcome.
 */
export function QuoteToastView({ toast, focus = false }: { toast: Toast; focus?: boolean }) {
  const error = toast.variant === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      data-quote-toast={toast.variant}
      tabIndex={focus ? -1 : undefined}
      // biome-ignore lint/a11y/noAutofocus: after a post without JavaScript, focus belongs on the outcome
      autoFocus={focus || undefined}
      className={`flex scroll-mt-32 gap-3 rounded-xl border p-4 shadow-lg focus:outline-none ${
        error
          ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
          : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
      }`}
    >
      <Icon name={error ? "alert-circle" : "check-circle"} className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        <p className="mt-0.5 text-sm">{toast.description}</p>
      </div>
      {/* Shown by the enhancement script: without JavaScript the notice is part of the page. */}
      <button
        type="button"
        hidden
        data-toast-close
        aria-label="Fechar notificação"
        className="-m-1 size-8 shrink-0 items-center justify-center rounded-md opacity-80 hover:opacity-100 [&:not([hidden])]:inline-flex"
      >
        <Icon name="x" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where the form's notifications appear. Without JavaScript it is a panel right above the
 * form, focused on load (unless a field is invalid: that field gets the focus); the
 * enhancement script marks it data-enhanced, which floats it over the page like a toast. The
 * template holds the failure toast the script shows when the server cannot be reached at all.
 */
export function QuoteToasts({ toast, focus = false }: { toast: Toast | undefined; focus?: boolean }) {
  return (
    <>
      <div
        id="quote-toasts"
        className="mb-6 flex flex-col gap-2 empty:hidden data-enhanced:fixed data-enhanced:inset-x-4 data-enhanced:bottom-24 data-enhanced:z-50 data-enhanced:mb-0 data-enhanced:sm:right-6 data-enhanced:sm:left-auto data-enhanced:sm:w-full data-enhanced:sm:max-w-md"
      >
        {toast ? <QuoteToastView toast={toast} focus={focus} /> : null}
      </div>
      <template id="quote-toast-failure">
        <QuoteToastView toast={QUOTE_FAILURE_TOAST} />
      </template>
    </>
  );
}
