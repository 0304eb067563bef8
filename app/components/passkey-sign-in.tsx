import { startAuthentication } from "@simplewebauthn/browser";
import { useEffect, useState } from "react";

// 'Entrar com passkey' on the sign-in page (the passkey alone), and 'Usar passkey' on the second
// step after the password: asks the server for a challenge, lets the browser sign it with a
// passkey of this site (the person picks which), and sends the answer back.

async function postForm(endpoint: string, fields: Record<string, string>): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return fetch(endpoint, { method: "POST", body });
}

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? "Não foi possível entrar com a passkey.";
  } catch {
    return "Não foi possível entrar com a passkey.";
  }
}

export function PasskeySignIn({
  endpoint = "/auth/passkey",
  label = "Entrar com passkey",
  separated = true,
}: {
  endpoint?: string;
  label?: string;
  /** Drawn under a line, apart from a form above it. */
  separated?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // WebAuthn needs JavaScript: until the page has hydrated a tap would do nothing, so the
  // button says it is not ready (disabled) rather than swallow it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function signIn() {
    setProblem(null);
    setBusy(true);
    try {
      const options = await postForm(endpoint, { etapa: "opcoes" });
      if (!options.ok) return setProblem(await errorOf(options));
      let credential: unknown;
      try {
        credential = await startAuthentication({ optionsJSON: await options.json() });
      } catch {
        return setProblem("O navegador não usou nenhuma passkey (cancelado ou sem suporte).");
      }
      const answer = await postForm(endpoint, { response: JSON.stringify(credential) });
      if (!answer.ok) return setProblem(await errorOf(answer));
      const { location } = (await answer.json()) as { location: string };
      window.location.assign(location);
    } catch {
      setProblem("Não foi possível falar com o servidor. Tente novamente.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      className={
        separated
          ? "mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 dark:border-slate-800"
          : "flex flex-col gap-3"
      }
    >
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={!ready || busy}
        className="btn w-full border border-brand-800 text-brand-800 hover:bg-brand-50 disabled:opacity-70 dark:border-brand-200 dark:text-brand-200 dark:hover:bg-slate-800"
      >
        {busy ? "Aguardando a passkey..." : label}
      </button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
