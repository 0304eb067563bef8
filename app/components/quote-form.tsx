import { quoteServiceOptions } from "~/content/quote-services";

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400";
const labelClass = "mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200";

function Required() {
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-400">
      {" "}
      *
    </span>
  );
}

/** The quote request form: the fields and options of spec §3 and §5. */
export function QuoteForm() {
  return (
    <form method="post" className="flex flex-col gap-5" aria-labelledby="form-titulo">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="name" className={labelClass}>
            Nome completo
            <Required />
          </label>
          <input
            id="name"
            name="name"
            type="text"
            required
            autoComplete="name"
            className={inputClass}
            placeholder="Seu nome"
          />
        </div>
        <div>
          <label htmlFor="email" className={labelClass}>
            E-mail
            <Required />
          </label>
          <input
            id="email"
            name="email"
            type="email"
            required
            autoComplete="email"
            className={inputClass}
            placeholder="seu@email.com"
          />
        </div>
        <div>
          <label htmlFor="phone" className={labelClass}>
            Telefone
            <Required />
          </label>
          <input
            id="phone"
            name="phone"
            type="tel"
            required
            autoComplete="tel"
            className={inputClass}
            placeholder="(41) 99999-9999"
          />
        </div>
        <div>
          <label htmlFor="condominium" className={labelClass}>
            Condomínio
          </label>
          <input
            id="condominium"
            name="condominium"
            type="text"
            autoComplete="organization"
            className={inputClass}
            placeholder="Nome do condomínio"
          />
        </div>
      </div>
      <div>
        <label htmlFor="service" className={labelClass}>
          Serviço de interesse
        </label>
        <select id="service" name="service" className={inputClass} defaultValue="">
          <option value="">Selecione um serviço</option>
          {quoteServiceOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="message" className={labelClass}>
          Mensagem
        </label>
        <textarea
          id="message"
          name="message"
          rows={5}
          className={inputClass}
          placeholder="Conte um pouco sobre o que o seu condomínio precisa"
        />
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
    </form>
  );
}
