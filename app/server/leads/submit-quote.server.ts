import type { SiteConfig } from "~/lib/company-settings";
import { LEAD_SOURCE_FIELD } from "~/lib/lead-source";
import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  QUOTE_FAILURE_TOAST,
  QUOTE_SUCCESS_TOAST,
  type QuoteActionData,
  type QuoteOutcome,
  type QuoteValues,
} from "~/lib/quote";
import { FOREIGN_ORIGIN_MESSAGE, isSameOrigin } from "~/server/accounts/cross-site.server";
import { formText } from "../forms/read-form.server";
import { BodyTooLargeError, readBodyWithLimit } from "../platform/limited-body.server";
import { logEvent } from "../platform/log.server";
import { requestClientIp } from "../platform/request-address.server";
import { encodeLeadSource, leadSourceColumns, parseLeadSource } from "../visits/lead-source.server";
import { withVisitorEntry } from "../visits/visitor-entry.server";
import { checkFormToken, createFormToken } from "./form-token.server";
import { type SavedLead, saveLead } from "./leads.server";
import { quoteSettings } from "./quote-config.server";
import { parseQuoteForm } from "./quote-input.server";
import { admitQuote, forgetQuote, QUOTE_LIMIT_WINDOW_MS, quoteLimitMessage } from "./quote-limits.server";

/** Largest request body read: room for every field at its maximum length in any script. */
export const MAX_QUOTE_BODY_BYTES = 64 * 1024;

export interface QuoteSubmission {
  status: number;
  data: QuoteActionData;
  headers: Record<string, string>;
}

export interface QuoteRequestInfo {
  requestId: string;
}

const errorToast = (description: string) => ({
  title: QUOTE_FAILURE_TOAST.title,
  description,
  variant: "error" as const,
});

const log = logEvent;

/** A token for the form: a fresh one, or "" when the database cannot give the secret. */
export async function formTokenOrEmpty(): Promise<string> {
  try {
    return await createFormToken();
  } catch (error) {
    log("error", "não foi possível criar o token do formulário", { error: String(error) });
    return "";
  }
}

type FormKind = "urlencoded" | "multipart";

function formKind(request: Request): FormKind | null {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  return null;
}

async function parseBody(
  request: Request,
  kind: FormKind,
  body: Uint8Array<ArrayBuffer>,
): Promise<FormData | URLSearchParams> {
  if (kind === "urlencoded") return new URLSearchParams(new TextDecoder().decode(body));
  return new Response(body, {
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  }).formData();
}

/**
 * Handle a quote form post: check where it comes from and what it is, validate it, apply the
 * spam defences and the limits (per address and for everyone), then store the request with its notification
 * e-mail. Never throws: every outcome is an HTTP status and a pt-BR message for the page.
 */
export async function submitQuote(
  request: Request,
  info: QuoteRequestInfo,
  /** The company facts in force (phone for the messages, the service options). */
  companyFacts: () => Promise<SiteConfig>,
  /** The text of the visitor's confirmation e-mail, or null when none is to be sent. */
  visitorConfirmation: () => Promise<string | null> = async () => null,
): Promise<QuoteSubmission> {
  // Where the visitor came from, once read: every answer's form carries it on.
  let source = "";
  const answer = (
    status: number,
    outcome: QuoteOutcome,
    fields: Partial<Omit<QuoteActionData, "outcome">> & Pick<QuoteActionData, "toast">,
    headers: Record<string, string> = {},
  ): QuoteSubmission => ({
    status,
    data: { outcome, values: {}, fieldErrors: {}, formToken: "", source, ...fields },
    headers: { "Cache-Control": "no-store", ...headers },
  });
  const refuse = (reason: string) =>
    log("warn", "pedido de orçamento recusado", { reason, requestId: info.requestId });
  // Known so far; a failure further down still gives them back.
  let values: Partial<QuoteValues> = {};
  let formToken = "";

  try {
    if (request.method.toUpperCase() !== "POST") {
      return answer(
        405,
        "unsupported",
        { toast: errorToast("Envie o formulário pela página de contato.") },
        { Allow: "GET, POST" },
      );
    }
    if (!isSameOrigin(request)) {
      refuse("origin");
      return answer(403, "forbidden", {
        toast: errorToast(FOREIGN_ORIGIN_MESSAGE),
        formToken: await formTokenOrEmpty(),
      });
    }
    const kind = formKind(request);
    if (!kind) {
      refuse("content-type");
      return answer(415, "unsupported", {
        toast: errorToast(
          "Formato de envio não suportado. Use o formulário desta página para enviar o pedido.",
        ),
        formToken: await formTokenOrEmpty(),
      });
    }

    let form: FormData | URLSearchParams;
    try {
      form = await parseBody(request, kind, await readBodyWithLimit(request, MAX_QUOTE_BODY_BYTES));
    } catch (error) {
      const tooLarge = error instanceof BodyTooLargeError;
      refuse(tooLarge ? "too-large" : "unreadable");
      return answer(tooLarge ? 413 : 400, tooLarge ? "too-large" : "invalid", {
        toast: errorToast(
          tooLarge
            ? "O pedido ficou grande demais para ser enviado. Encurte a mensagem (até 5.000 caracteres) e tente novamente."
            : "Não foi possível ler o formulário enviado. Preencha-o novamente e envie.",
        ),
        formToken: await formTokenOrEmpty(),
      });
    }

    const site = await companyFacts();
    const phone = site.phoneDisplay;
    // Best effort: a bad part is dropped here, and the request goes on without it.
    const sourceInput = withVisitorEntry(parseLeadSource(formText(form, LEAD_SOURCE_FIELD)), request);
    source = encodeLeadSource(sourceInput);
    const parsed = parseQuoteForm(form, site.quoteServices);
    values = parsed.values;
    const settings = quoteSettings();
    const token = formText(form, FORM_TOKEN_FIELD);
    const tokenCheck = await checkFormToken(token, settings.minFillSeconds * 1000);
    // Keep the submitted token when it is ours: it only grows older, so the next try passes.
    formToken = tokenCheck.ok || tokenCheck.reason === "too-fast" ? token : await formTokenOrEmpty();

    if (!parsed.success) {
      refuse("invalid");
      return answer(400, "invalid", {
        toast: errorToast("Confira os campos destacados no formulário."),
        fieldErrors: parsed.fieldErrors,
        values,
        formToken,
      });
    }

    if (formText(form, HONEYPOT_FIELD).trim() !== "") {
      refuse("honeypot");
      return answer(400, "spam-check", {
        toast: errorToast(
          `Não foi possível confirmar que o pedido foi enviado por uma pessoa. Confira os dados e clique em “Enviar Solicitação” novamente, ou ligue para ${phone}.`,
        ),
        values,
        formToken,
      });
    }
    if (!tokenCheck.ok) {
      refuse(tokenCheck.reason === "too-fast" ? "too-fast" : "token");
      return answer(400, "spam-check", {
        toast: errorToast(
          tokenCheck.reason === "too-fast"
            ? `O formulário foi enviado rápido demais para confirmarmos que foi preenchido por uma pessoa. Confira os dados e clique em “Enviar Solicitação” novamente, ou ligue para ${phone}.`
            : `Não foi possível confirmar o envio deste formulário. Aguarde alguns segundos e clique em “Enviar Solicitação” novamente, ou ligue para ${phone}.`,
        ),
        values,
        formToken,
      });
    }

    // Counted before it is stored, so simultaneous posts cannot all slip under the limits.
    const admission = await admitQuote(requestClientIp(), settings);
    if (!admission.ok) {
      refuse(admission.refusal === "address" ? "rate-limit" : "global-limit");
      return answer(
        429,
        "rate-limited",
        { toast: errorToast(quoteLimitMessage(admission.refusal, site)), values, formToken },
        { "Retry-After": String(QUOTE_LIMIT_WINDOW_MS / 1000) },
      );
    }

    let stored = false;
    let lead: SavedLead;
    try {
      lead = await saveLead(parsed.input, {
        source: await leadSourceColumns(sourceInput),
        confirmation: await visitorConfirmation(),
        formToken: token,
      });
      stored = lead.stored;
      const repeat = lead.first.id !== lead.id;
      log(
        "info",
        !lead.stored
          ? "pedido de orçamento reenviado pela mesma página"
          : repeat
            ? "pedido de orçamento repetido"
            : "pedido de orçamento salvo",
        { leadId: lead.id, requestId: info.requestId },
      );
    } finally {
      // A re-post of a stored request, or a failed write, stores nothing new: it does not count.
      if (!stored) {
        await forgetQuote(admission).catch((error: unknown) =>
          log("error", "não foi possível descontar o pedido do limite de envios", { error: String(error) }),
        );
      }
    }
    return answer(200, "sent", {
      toast: QUOTE_SUCCESS_TOAST,
      confirmation: {
        number: lead.first.number,
        receivedAt: lead.first.created_at,
        alreadyReceived: lead.first.id !== lead.id || !lead.stored,
      },
      // The cleared form is a new one: sent again from it, the same request is a repeat the
      // owner sees, not a re-post of this one (lead-repeats.server.ts).
      formToken: await formTokenOrEmpty(),
    });
  } catch (error) {
    // The database (or something unforeseen) failed: nothing was committed. Say so and keep
    // the values, so the visitor can try again or call.
    log("error", "falha ao salvar pedido de orçamento", { requestId: info.requestId, error: String(error) });
    return answer(
      503,
      "unavailable",
      { toast: QUOTE_FAILURE_TOAST, values, formToken },
      { "Retry-After": "60" },
    );
  }
}
