import { startRegistration } from "@simplewebauthn/browser";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { DeleteForm } from "~/components/admin/row-actions";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { formatListDateTime as formatDateTime } from "~/lib/site-time";

// The 'Passkeys' card of the account page: the person's passkeys (name, added, last used),
// each removable, and a form that names a new one and asks the browser to create it. The
// browser's answer goes to the page's own action, which verifies it on the server.

export interface PasskeyView {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export function PasskeysSection({ passkeys }: { passkeys: PasskeyView[] }) {
  const submit = useSubmit();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add(form: HTMLFormElement) {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await fetch("/admin/conta/passkeys/opcoes", { method: "POST" });
      if (!answer.ok) {
        // The server says why (e.g. the password must be confirmed first).
        const body = (await answer.json().catch(() => ({}))) as { error?: string };
        setProblem(body.error ?? "Não foi possível preparar a passkey. Tente de novo.");
        return;
      }
      const optionsJSON = await answer.json();
      const credential = await startRegistration({ optionsJSON });
      const data = new FormData(form);
      data.set("response", JSON.stringify(credential));
      await submit(data, { method: "post" });
    } catch {
      setProblem("O navegador não criou a passkey (cancelada ou sem suporte). Tente de novo.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="passkeys" className={cardClass}>
      <h2 id="passkeys" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
        Passkeys
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Uma passkey entra sem senha e sem código quando o celular ou o computador confirma que é você
        (digital, rosto ou PIN). Depois da senha, ela também serve como segunda etapa.
      </p>
      {passkeys.length ? (
        <ul aria-label="Suas passkeys" className="mb-4 flex flex-col gap-2">
          {passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <span className="text-sm text-slate-800 dark:text-slate-200">
                <strong>{passkey.name}</strong> · adicionada em {formatDateTime(passkey.created_at)}
                {passkey.last_used_at
                  ? ` · último uso em ${formatDateTime(passkey.last_used_at)}`
                  : " · nunca usada"}
              </span>
              <DeleteForm
                id={passkey.id}
                intent="passkey-remove"
                question={`Remover a passkey "${passkey.name}"?`}
                label={`Remover a passkey ${passkey.name}`}
              >
                Remover
              </DeleteForm>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">Nenhuma passkey cadastrada.</p>
      )}
      <Form
        method="post"
        className="flex max-w-md flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void add(event.currentTarget);
        }}
      >
        <input type="hidden" name="intent" value="passkey-add" />
        <Field label="Nome da nova passkey" required hint="Por exemplo: Celular, Notebook do escritório.">
          <TextInput name="name" maxLength={60} />
        </Field>
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        ) : null}
        <Button type="submit" className="self-start" busy={busy} busyLabel="Aguardando o navegador...">
          Adicionar passkey
        </Button>
      </Form>
    </section>
  );
}
