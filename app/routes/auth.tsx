import { data, redirect } from "react-router";
import { z } from "zod";
import { PasskeySignIn } from "~/components/passkey-sign-in";
import { BusySubmitScript } from "~/components/ui/busy-submit-script";
import { ToastRegion, ToastView } from "~/components/ui/toast";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/route-handle";
import { assertSameOrigin, attemptLogin, getSession } from "~/server/accounts/index.server";
import { formText, readForm, UNREADABLE_FORM_MESSAGE, validateForm } from "~/server/forms/index.server";
import { requestClientIp } from "~/server/platform/request-address.server";
import type { Route } from "./+types/auth";

// Hydrated for 'Entrar com passkey' (WebAuthn needs JavaScript); the password form works without it.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSession(request)) throw redirect("/admin");
  return null;
}

const MISSING_CREDENTIALS = "Informe o e-mail e a senha.";

const signInFormSchema = z.object({
  email: z.string().trim().min(1, MISSING_CREDENTIALS),
  password: z.string().min(1, MISSING_CREDENTIALS),
});

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await readForm(request);
  if (!form)
    return data({ error: `${UNREADABLE_FORM_MESSAGE} Tente novamente.`, email: "" }, { status: 400 });
  // Overlong values are cut, not refused: no account has them, so the attempt just fails.
  const email = formText(form, "email").slice(0, 320);
  const password = formText(form, "password").slice(0, 256);
  const parsed = validateForm(signInFormSchema, { email, password });
  if (!parsed.ok) return data({ error: parsed.message, email }, { status: 400 });
  const result = await attemptLogin(request, email, password, requestClientIp());
  if (!result.ok) return data({ error: result.message, email }, { status: result.status });
  throw redirect(result.location, { headers: { "Set-Cookie": result.setCookie } });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), {
    title: "Acesso ao Admin",
    description: "Acesso restrito à equipe que escreve o blog.",
    path: "/auth",
    noindex: true,
  });

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

export default function Auth({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Acesso ao Admin</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
          Entre para gerenciar os artigos do blog.
        </p>
        <form method="post" className="flex flex-col gap-5">
          <div>
            <label
              htmlFor="email"
              className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200"
            >
              E-mail
            </label>
            <input
              id="email"
              name="email"
              type="email"
              required
              autoComplete="username"
              defaultValue={actionData?.email ?? ""}
              className={inputClass}
            />
          </div>
          <div>
            <label
              htmlFor="password"
              className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200"
            >
              Senha
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className={inputClass}
            />
          </div>
          <button
            type="submit"
            data-busy-label="Entrando..."
            className="btn w-full bg-brand-800 text-white hover:bg-brand-900 disabled:opacity-70"
          >
            Entrar
          </button>
          <a
            href="/esqueci-minha-senha"
            className="text-center text-sm font-semibold text-brand-800 underline dark:text-brand-200"
          >
            Esqueci minha senha
          </a>
        </form>
        <PasskeySignIn />
      </div>
      {actionData?.error ? (
        <ToastRegion>
          <ToastView toast={{ title: "Erro no login", description: actionData.error, variant: "error" }} />
        </ToastRegion>
      ) : null}
      <BusySubmitScript />
    </section>
  );
}
