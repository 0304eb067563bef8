import { Form } from "react-router";
import { Button, Field, TextInput } from "~/components/admin/ui";
import { formatListDateTime } from "~/lib/site-time";

// The 'Confirme que é você' card of the account page: passkeys and the verification in two
// steps change only within 10 minutes of typing the password (or a code of the authenticator
// app), so a session cookie alone cannot change them.

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export function ReauthenticationSection({
  email,
  confirmedUntil,
}: {
  email: string;
  confirmedUntil: string | null;
}) {
  return (
    <section aria-labelledby="confirme-que-e-voce" className={cardClass}>
      <h2 id="confirme-que-e-voce" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
        Confirme que é você
      </h2>
      {confirmedUntil ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Identidade confirmada até {formatListDateTime(confirmedUntil)}. Até lá você pode alterar passkeys e
          a verificação em duas etapas.
        </p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
            Para adicionar ou remover passkeys e ativar a verificação em duas etapas, informe a sua senha (ou
            um código do aplicativo autenticador). A confirmação vale por 10 minutos.
          </p>
          <Form method="post" className="flex max-w-md flex-col gap-4">
            <input type="hidden" name="intent" value="reauthenticate" />
            <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
            <Field label="Sua senha">
              <TextInput name="password" type="password" autoComplete="current-password" maxLength={1024} />
            </Field>
            <Field label="Ou um código do aplicativo autenticador">
              <TextInput name="code" autoComplete="one-time-code" maxLength={32} />
            </Field>
            <Button type="submit" className="self-start">
              Confirmar
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
