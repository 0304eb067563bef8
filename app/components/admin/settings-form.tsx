import { type ReactNode, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { brazilianStates } from "~/lib/brazilian-states";
import {
  hoursField,
  MAX_QUOTE_RECIPIENTS,
  MAX_QUOTE_SERVICES,
  type SettingsField,
  type SettingsValues,
  settingsMaxLength,
  socialNetworkNames,
  socialNetworks,
} from "~/lib/company-settings";
import { weekdayNames, weekdays } from "~/lib/opening-hours";
import { StickySaveBar } from "./sticky-save-bar";
import { Button, Field, Select, Switch, TextArea, TextInput } from "./ui";
import { useFocusFirstInvalid } from "./use-focus-first-invalid";

export interface SettingsFormProps {
  /** The settings in force, as the fields show them. */
  saved: SettingsValues;
  /** What the last post sent and why it was refused, when it was. */
  failure?: {
    values?: Partial<SettingsValues>;
    fieldErrors?: Partial<Record<SettingsField, string>>;
  };
  /** Said under the WhatsApp field while the saved number looks like a fixed line. */
  whatsappWarning?: string;
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-describedby={description ? `${id}-descricao` : undefined}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <legend className="float-left mb-1 w-full text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </legend>
      {description ? (
        <p id={`${id}-descricao`} className="-mt-3 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

const grid = "grid gap-5 sm:grid-cols-2";

/** The company facts the owner edits: every section in one form, saved all at once. */
export function SettingsForm({ saved, failure, whatsappWarning }: SettingsFormProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = failure?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failure);
  const value = (field: SettingsField) => failure?.values?.[field] ?? saved[field];
  /** Props of a text field: its name, value and size. */
  const text = (field: SettingsField) => ({
    name: field,
    defaultValue: value(field),
    maxLength: settingsMaxLength[field],
  });

  return (
    // A new key after each save shows the values as stored (the CNPJ and CEP formatted).
    <Form method="post" key={JSON.stringify(saved)} ref={formRef} className="flex flex-col gap-8" noValidate>
      <Section id="empresa" title="Empresa">
        <div className={grid}>
          <Field
            label="Nome da empresa"
            required
            error={errors.name}
            hint="Aparece no topo, no rodapé e nos títulos das páginas."
          >
            <TextInput {...text("name")} autoComplete="organization" />
          </Field>
          <Field label="Razão social" required error={errors.legalName}>
            <TextInput {...text("legalName")} />
          </Field>
          <Field label="CNPJ" required error={errors.cnpj} hint="Como 11.222.333/0001-81.">
            <TextInput {...text("cnpj")} inputMode="text" autoCapitalize="characters" />
          </Field>
        </div>
      </Section>

      <Section id="contato" title="Contato">
        <div className={grid}>
          <Field
            label="Telefone (como aparece no site)"
            required
            error={errors.phoneDisplay}
            hint="Como (41) 99876-5432. Os links de ligação e o Google usam este número, com o código do Brasil (+55)."
          >
            <TextInput {...text("phoneDisplay")} type="tel" />
          </Field>
          <Field
            label="WhatsApp, se for outro número"
            error={errors.whatsappDigits}
            hint="Deixe vazio se o WhatsApp é o telefone acima. Outro número, como (41) 99876-5432 (o código do Brasil, 55, é incluído). Os botões de conversa do site e os números do cabeçalho e do rodapé abrem este número."
          >
            <TextInput {...text("whatsappDigits")} type="tel" />
          </Field>
          {whatsappWarning ? (
            <p
              id="aviso-whatsapp"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {whatsappWarning}
            </p>
          ) : null}
          <Field label="E-mail de contato" required error={errors.email}>
            <TextInput {...text("email")} type="email" autoComplete="email" />
          </Field>
        </div>
        <Field
          label="Mensagem inicial do WhatsApp"
          required
          error={errors.whatsappMessage}
          hint="O texto que já vem escrito quando o visitante abre a conversa."
        >
          <TextArea {...text("whatsappMessage")} rows={2} />
        </Field>
      </Section>

      <Section id="endereco" title="Endereço">
        <div className={grid}>
          <Field label="Logradouro" required error={errors.street} hint="Rua, avenida ou rodovia (com o km).">
            <TextInput {...text("street")} autoComplete="address-line1" />
          </Field>
          <Field label="Número" error={errors.number} hint="Deixe vazio se já está no logradouro.">
            <TextInput {...text("number")} />
          </Field>
          <Field label="Bairro" required error={errors.district}>
            <TextInput {...text("district")} />
          </Field>
          <Field label="Cidade" required error={errors.city}>
            <TextInput {...text("city")} autoComplete="address-level2" />
          </Field>
          <Field label="Estado" required error={errors.state}>
            <Select name="state" defaultValue={value("state")} autoComplete="address-level1">
              <option value="">Selecione</option>
              {brazilianStates.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="CEP" required error={errors.postalCode} hint="No formato 00000-000.">
            <TextInput {...text("postalCode")} inputMode="numeric" autoComplete="postal-code" />
          </Field>
        </div>
      </Section>

      <Section
        id="horario"
        title="Horário de atendimento"
        description="Para cada dia, o horário como 08:00-18:00; dois horários separados por vírgula (08:00-12:00, 13:00-18:00). Deixe vazio nos dias em que não abre."
      >
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {weekdays.map((day) => (
            <Field key={day} label={weekdayNames[day]} error={errors[hoursField[day]]}>
              <TextInput {...text(hoursField[day])} placeholder="Fechado" />
            </Field>
          ))}
        </div>
      </Section>

      <Section
        id="redes"
        title="Redes sociais"
        description="O endereço completo de cada perfil, começando com https://. Os perfis aparecem no rodapé; deixe vazio as redes que a empresa não usa."
      >
        <div className={grid}>
          {socialNetworks.map((network) => (
            <Field key={network} label={socialNetworkNames[network]} error={errors[network]}>
              <TextInput {...text(network)} type="url" inputMode="url" />
            </Field>
          ))}
        </div>
      </Section>

      <Section id="orcamentos" title="Orçamentos">
        <div className={grid}>
          <Field
            label="E-mails que recebem as solicitações"
            required
            error={errors.quoteRecipients}
            hint={`Um por linha, até ${MAX_QUOTE_RECIPIENTS}. As solicitações que ainda aguardam envio também vão para estes e-mails.`}
          >
            <TextArea {...text("quoteRecipients")} rows={4} />
          </Field>
          <Field
            label="Serviços do formulário de orçamento"
            required
            error={errors.quoteServices}
            hint={`Um por linha, na ordem em que aparecem, até ${MAX_QUOTE_SERVICES}.`}
          >
            <TextArea {...text("quoteServices")} rows={8} />
          </Field>
        </div>
        <Switch
          name="confirmationEnabled"
          defaultChecked={value("confirmationEnabled") !== ""}
          label="Enviar e-mail de confirmação ao visitante"
          hint="Vai só para o e-mail digitado na solicitação, uma vez por solicitação, e apenas quando o envio de e-mails (SMTP) está configurado."
        />
        <Field
          label="Texto do e-mail de confirmação"
          error={errors.confirmationText}
          hint="Vem depois de “Olá, (nome)” e antes do resumo da solicitação. Deixe vazio para usar o texto padrão."
        >
          <TextArea {...text("confirmationText")} rows={4} />
        </Field>
      </Section>

      <Section
        id="privacidade"
        title="Privacidade"
        description="Quem responde pelos dados pessoais (LGPD). Aparece na Política de Privacidade."
      >
        <div className={grid}>
          <Field
            label="Nome do responsável"
            error={errors.privacyName}
            hint="Deixe vazio para indicar “a nossa equipe”."
          >
            <TextInput {...text("privacyName")} />
          </Field>
          <Field
            label="E-mail para assuntos de privacidade"
            error={errors.privacyEmail}
            hint="Deixe vazio para usar o e-mail de contato."
          >
            <TextInput {...text("privacyEmail")} type="email" />
          </Field>
        </div>
      </Section>

      <StickySaveBar>
        <Button type="submit" busy={saving} busyLabel="Salvando...">
          Salvar configurações
        </Button>
      </StickySaveBar>
    </Form>
  );
}
