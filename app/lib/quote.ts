import type { Toast } from "./toast";

// The quote request form's vocabulary, shared by the page (server-rendered, no React on the
// client) and the server modules that validate and store a request.

/**
 * Where every "Solicitar Orçamento" leads: the contact page at its form, below the page's heading
 * and above nothing the visitor must scroll past (the contact cards stay above it).
 */
export const QUOTE_FORM_ANCHOR = "orcamento";
export const QUOTE_FORM_HREF = `/contato#${QUOTE_FORM_ANCHOR}`;

export const quoteFields = ["name", "email", "phone", "condominium", "service", "message"] as const;
export type QuoteField = (typeof quoteFields)[number];

/** Hidden fields of the spam defences (docs/decisions/0005-quote-spam-defences.md). */
export const HONEYPOT_FIELD = "website";
export const FORM_TOKEN_FIELD = "form_token";

/** Longest accepted value per field, in characters (the inputs carry the same maxlength). */
export const quoteMaxLength: Record<QuoteField, number> = {
  name: 120,
  email: 254,
  phone: 40,
  condominium: 160,
  service: 60,
  message: 5000,
};

/** What an empty optional field becomes: the wording the admin and the e-mail show. */
export const quoteDefaults = {
  condominium: "Não informado",
  service: "Não especificado",
  message: "Sem mensagem adicional",
} as const;

export type QuoteValues = Record<QuoteField, string>;

/** The site's promise about answering, as the footer, the contact page and its confirmation say it. */
export const REPLY_PROMISE = "Respondemos em até 24 horas.";

// The exact strings the visitor sees (tests compare them word for word).
export const QUOTE_SUCCESS_TOAST: Toast = {
  title: "Mensagem enviada com sucesso!",
  description: "Entraremos em contato em breve para discutir seu projeto.",
  variant: "success",
};
export const QUOTE_FAILURE_TOAST: Toast = {
  title: "Erro ao enviar mensagem",
  description: "Ocorreu um erro. Tente novamente ou entre em contato por telefone.",
  variant: "error",
};

export type QuoteOutcome =
  | "sent"
  | "invalid"
  | "spam-check"
  | "rate-limited"
  | "forbidden"
  | "unsupported"
  | "too-large"
  | "unavailable";

/** What stays on the page once a request is sent (docs/decisions/0090). */
export interface QuoteConfirmation {
  /** The request's number; the first request's when this one repeats it. */
  number: number | null;
  /** When that request arrived (UTC ISO). */
  receivedAt: string;
  /** The request had already arrived before this post (sent again, or the page re-posted). */
  alreadyReceived: boolean;
}

/** What the /contato action answers; the page renders it with or without JavaScript. */
export interface QuoteActionData {
  outcome: QuoteOutcome;
  toast: Toast;
  /** Only when the request was sent. */
  confirmation?: QuoteConfirmation;
  /** The submitted values, echoed back so nothing typed is lost (empty after success). */
  values: Partial<QuoteValues>;
  fieldErrors: Partial<Record<QuoteField, string>>;
  /** The form token the re-rendered form carries (the submitted one when it was valid). */
  formToken: string;
  /** Where the visitor came from, as the re-rendered form carries it on (cleaned). */
  source: string;
}
