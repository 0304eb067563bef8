import { QUOTE_FAILURE_TOAST } from "~/lib/quote";
import type { Toast } from "~/lib/toast";
import { ToastView } from "./ui/toast";

/**
 * Where the quote form's notifications appear. Without JavaScript it is a panel right above
 * the form, focused on load (unless a field is invalid: that field gets the focus); the
 * enhancement script marks it data-enhanced, which floats it over the page like any toast. The
 * template holds the failure toast the script shows when the server cannot be reached at all.
 */
export function QuoteToastRegion({ toast, focus = false }: { toast: Toast | undefined; focus?: boolean }) {
  return (
    <>
      <div
        id="quote-toasts"
        className="mb-6 flex flex-col gap-2 empty:hidden data-enhanced:fixed data-enhanced:inset-x-4 data-enhanced:bottom-24 data-enhanced:z-50 data-enhanced:mb-0 data-enhanced:sm:right-6 data-enhanced:sm:left-auto data-enhanced:sm:w-full data-enhanced:sm:max-w-md"
      >
        {toast ? <ToastView toast={toast} focus={focus} /> : null}
      </div>
      <template id="quote-toast-failure">
        <ToastView toast={QUOTE_FAILURE_TOAST} />
      </template>
    </>
  );
}
