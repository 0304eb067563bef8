import { privacyFacts } from "~/config/privacy";
import { LEAD_SOURCE_FIELD } from "~/lib/lead-source";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  type QuoteField,
  type QuoteValues,
  quoteMaxLength,
} from "~/lib/quote";
import { useSite } from "~/lib/site-context";

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-700 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400";
const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200";

function Required() {
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-400">
      {" "}
      *
    </span>
  );
}

function FieldError({ name, error }: { name: QuoteField; error: string | undefined }) {
  if (!error) return null;
  return (
    <p
      id={`${name}-error`}
      className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700 dark:text-red-400"
    >
      {error}
    </p>
  );
}

export interface QuoteFormProps {
  /** Signed render time (spam defence); see docs/decisions/0005-quote-spam-defences.md. */
  formToken: string;
  /** Where the visitor came from, carried with the request (docs/decisions/0032). */
  source?: string;
  /** Values to show again (after an error); empty for a new form. */
  values?: Partial<QuoteValues>;
  fieldErrors?: Partial<Record<QuoteField, string>>;
}

/**
 * The quote request form: its fields, and the service options of app/content/quote-services.ts. A plain HTML form that
 * posts to the /contato action; QuoteFormScript enhances it when JavaScript runs.
 */
export function QuoteForm({ formToken, source = "", values = {}, fieldErrors = {} }: QuoteFormProps) {
  // The owner's list (/admin/configuracoes), eight services by default.
  const { quoteServices } = useSite();
  const firstError = (["name", "email", "phone", "condominium", "service", "message"] as const).find(
    (name) => fieldErrors[name],
  );
  // Props shared by every field: its value, its error wiring and (for the first invalid one)
  // focus on load, so a visitor without JavaScript lands on what needs fixing.
  const field = (name: QuoteField) => ({
    id: name,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `${name}-error` : undefined,
    autoFocus: name === firstError ? true : undefined,
  });

  return (
    <form
      id="quote-form"
      data-quote-form=""
      method="post"
      action="/contato"
      className="relative flex flex-col gap-5"
      aria-labelledby="form-titulo"
    >
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      <input type="hidden" name={LEAD_SOURCE_FIELD} value={source} />
      {/* Honeypot: invisible to people and assistive technology; bots fill every field. */}
      <div aria-hidden="true" className="absolute top-0 -left-[10000px] size-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Não preencha este campo</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="name" className={labelClass}>
            Nome completo
            <Required />
          </label>
          <input
            {...field("name")}
            type="text"
            required
            maxLength={quoteMaxLength.name}
            autoComplete="name"
            className={inputClass}
            placeholder="Seu nome"
          />
          <FieldError name="name" error={fieldErrors.name} />
        </div>
        <div>
          <label htmlFor="email" className={labelClass}>
            E-mail
            <Required />
          </label>
          <input
            {...field("email")}
            type="email"
            required
            maxLength={quoteMaxLength.email}
            autoComplete="email"
            className={inputClass}
            placeholder="seu@email.com"
          />
          <FieldError name="email" error={fieldErrors.email} />
        </div>
        <div>
          <label htmlFor="phone" className={labelClass}>
            Telefone
            <Required />
          </label>
          <input
            {...field("phone")}
            type="tel"
            required
            maxLength={quoteMaxLength.phone}
            autoComplete="tel"
            className={inputClass}
            placeholder="(41) 99999-9999"
          />
          <FieldError name="phone" error={fieldErrors.phone} />
        </div>
        <div>
          <label htmlFor="condominium" className={labelClass}>
            Condomínio
          </label>
          <input
            {...field("condominium")}
            type="text"
            maxLength={quoteMaxLength.condominium}
            autoComplete="organization"
            className={inputClass}
            placeholder="Nome do condomínio"
          />
          <FieldError name="condominium" error={fieldErrors.condominium} />
        </div>
      </div>
      <div>
        <label htmlFor="service" className={labelClass}>
          Serviço de interesse
        </label>
        <select {...field("service")} className={inputClass}>
          <option value="">Selecione um serviço</option>
          {quoteServices.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <FieldError name="service" error={fieldErrors.service} />
      </div>
      <div>
        <label htmlFor="message" className={labelClass}>
          Mensagem
        </label>
        <textarea
          {...field("message")}
          rows={5}
          maxLength={quoteMaxLength.message}
          className={inputClass}
          placeholder="Conte um pouco sobre o que o seu condomínio precisa"
        />
        <FieldError name="message" error={fieldErrors.message} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Campos marcados com <span className="text-red-700 dark:text-red-400">*</span> são obrigatórios.
      </p>
      <button
        type="submit"
        className="btn w-full bg-accent-700 text-lg text-white hover:bg-accent-800 disabled:opacity-70 sm:w-fit"
      >
        Enviar Solicitação
      </button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Usamos estes dados apenas para responder ao seu pedido de orçamento e os guardamos por até{" "}
        {privacyFacts.leadRetentionMonths} meses. Saiba como consultar ou pedir a exclusão na{" "}
        <a
          href="/politica-de-privacidade"
          className="font-semibold text-brand-700 underline hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
        >
          Política de Privacidade
        </a>
        .
      </p>
    </form>
  );
}
