import type { Toast } from "~/lib/toast";
import { Icon } from "./icon";

/**
 * A toast rendered by the server with the page (after a form post), so it shows with or
 * without JavaScript. Errors are announced assertively, successes politely.
 */
export function PageToast({ title, description, variant = "success" }: Toast) {
  const error = variant === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`fixed inset-x-4 bottom-24 z-50 mx-auto flex max-w-md gap-3 rounded-xl border p-4 shadow-lg sm:right-6 sm:left-auto sm:mx-0 ${
        error
          ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          : "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      }`}
    >
      <Icon name={error ? "x" : "check"} className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {description ? <p className="mt-0.5 text-sm">{description}</p> : null}
      </div>
    </div>
  );
}
