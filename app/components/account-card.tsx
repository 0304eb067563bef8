import type { ReactNode } from "react";
import { BusySubmitScript } from "~/components/ui/busy-submit-script";
import { ToastRegion, ToastView } from "~/components/ui/toast";
import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-rules";

// The pages someone reaches their account from without being signed in (an invitation, 'forgot
// my password', a reset link): the sign-in page's card, a form, and the server's answer.

export const accountInputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export function AccountCard({
  title,
  intro,
  error,
  notice,
  children,
}: {
  title: string;
  intro: ReactNode;
  /** The server's refusal, shown as an alert. */
  error?: { title: string; description: string };
  /** A confirmation shown in place of nothing (the page itself stays). */
  notice?: string;
  children?: ReactNode;
}) {
  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        <div className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">{intro}</div>
        {notice ? (
          <p
            role="status"
            className="mb-6 rounded-lg bg-green-50 p-4 text-sm text-green-900 dark:bg-green-950 dark:text-green-200"
          >
            {notice}
          </p>
        ) : null}
        {children}
      </div>
      {error ? (
        <ToastRegion>
          <ToastView toast={{ ...error, variant: "error" }} />
        </ToastRegion>
      ) : null}
      <BusySubmitScript />
    </section>
  );
}

export function AccountField({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-dica` : undefined}
        className={accountInputClass}
        {...input}
      />
      {hint ? (
        <p id={`${id}-dica`} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new password and its repetition, with the rules as the hint. The hidden e-mail lets a
 * password manager file the new password under the right account.
 */
export function NewPasswordFields({ email, label }: { email: string; label: string }) {
  return (
    <>
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <AccountField
        id="password"
        name="password"
        type="password"
        label={label}
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        hint={PASSWORD_HINT}
      />
      <AccountField
        id="confirmation"
        name="confirmation"
        type="password"
        label={`Repita a ${label.toLowerCase()}`}
        required
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
      />
    </>
  );
}

/** The link back to the sign-in page under an account form. */
export function BackToSignIn() {
  return (
    <a
      href="/auth"
      className="text-center text-sm font-semibold text-brand-800 underline dark:text-brand-200"
    >
      Voltar ao acesso
    </a>
  );
}
