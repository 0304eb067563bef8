import { Form } from "react-router";
import { Button, Field, TextInput } from "~/components/admin/ui";

// The 'Verificação em duas etapas' card of the account page: turn TOTP on (QR code drawn on the
// server, the secret as text, a code to confirm), the recovery codes shown once, and turn off.

export interface TwoFactorView {
  status: "off" | "pending" | "on";
  setup?: { secret: string; qrSvg: string };
  unusedRecoveryCodes: number;
}

const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900";

export function TwoFactorSection({ view, recoveryCodes }: { view: TwoFactorView; recoveryCodes?: string[] }) {
  return (
    <section aria-labelledby="duas-etapas" className={cardClass}>
      <h2 id="duas-etapas" className="mb-1 text-xl font-bold text-slate-900 dark:text-white">
        Verificação em duas etapas
      </h2>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {view.status === "on" ? (
        <TurnOff unused={view.unusedRecoveryCodes} />
      ) : view.setup ? (
        <Confirm setup={view.setup} />
      ) : (
        <TurnOn />
      )}
    </section>
  );
}

function TurnOn() {
  return (
    <>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Desativada. Com ela ativa, cada acesso pede, depois da senha, um código do aplicativo autenticador do
        seu celular (Google Authenticator, Microsoft Authenticator, 2FAS e outros).
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="totp-start" />
        <Button type="submit">Ativar verificação em duas etapas</Button>
      </Form>
    </>
  );
}

function Confirm({ setup }: { setup: { secret: string; qrSvg: string } }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Leia o QR code com o aplicativo autenticador (ou digite a chave abaixo) e informe o código de 6
        dígitos que ele mostrar.
      </p>
      <div
        role="img"
        aria-label="QR code para o aplicativo autenticador"
        className="w-48 bg-white p-2 [&>svg]:h-auto [&>svg]:w-full"
        // The SVG is drawn on the server from our own otpauth:// URI (paths only, no text).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn QR code
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Chave:{" "}
        <code className="font-mono break-all" data-testid="totp-secret">
          {setup.secret}
        </code>
      </p>
      <Form method="post" className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="totp-confirm" />
        <Field label="Código do aplicativo" required>
          <TextInput name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Field>
        <Button type="submit" className="self-start">
          Confirmar e ativar
        </Button>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
    >
      <p className="mb-2 text-sm font-semibold">
        Verificação em duas etapas ativada. Guarde estes códigos de recuperação: eles aparecem só agora, e
        cada um serve uma única vez se você perder o celular.
      </p>
      <ul aria-label="Códigos de recuperação" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function TurnOff({ unused }: { unused: number }) {
  return (
    <>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Ativada. Códigos de recuperação não usados: {unused}. Para desativar, informe a senha e um código.
      </p>
      <Form method="post" className="flex max-w-md flex-col gap-4">
        <input type="hidden" name="intent" value="totp-disable" />
        <Field label="Senha" required>
          <TextInput name="password" type="password" autoComplete="current-password" maxLength={1024} />
        </Field>
        <Field label="Código do aplicativo ou de recuperação" required>
          <TextInput name="code" autoComplete="one-time-code" maxLength={32} />
        </Field>
        <Button type="submit" variant="danger" className="self-start">
          Desativar verificação em duas etapas
        </Button>
      </Form>
    </>
  );
}
