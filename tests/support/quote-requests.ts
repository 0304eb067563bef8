import { RouterContextProvider } from "react-router";
import type { QuoteActionData } from "~/lib/quote";
import { requestInfoContext } from "~/request-context";
import { action, loader } from "~/routes/contato";
import { createFormToken } from "~/server/leads/form-token.server";
import { withRequestAddress } from "~/server/platform/request-address.server";
import { RENDER_SLOTS_HEADER } from "~/server/render-cache/cache-policy.server";
import { fillSlots, parseSlotNames } from "~/server/render-cache/render-slots.server";

// Call the /contato route's action the way React Router does, with real Request objects.

export const ORIGIN = "https://www.exemplo-condominio.com.br";

export const validQuote = {
  name: "Maria da Silva",
  email: "maria.silva@exemplo.com.br",
  phone: "(41) 99876-1234",
  condominium: "Condomínio Edifício Araucária",
  service: "Impermeabilização",
  message: "Infiltração na garagem do subsolo.\nPrecisamos de uma visita técnica.",
};

export interface ActionAnswer {
  status: number;
  data: QuoteActionData;
  headers: Headers;
}

/** A token rendered `ageMs` ago (old enough to pass the minimum fill time by default). */
export function oldToken(ageMs = 60_000): Promise<string> {
  return createFormToken(Date.now() - ageMs);
}

export async function formBody(fields: Record<string, string>, token?: string): Promise<URLSearchParams> {
  const body = new URLSearchParams(fields);
  body.set("form_token", token ?? (await oldToken()));
  return body;
}

export function quoteRequest(
  body: BodyInit | null,
  init: Omit<RequestInit, "headers"> & { headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Origin: ORIGIN, ...init.headers };
  if (
    body instanceof URLSearchParams &&
    !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")
  ) {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  }
  return new Request(`${ORIGIN}/contato`, {
    method: "POST",
    body,
    ...init,
    headers,
    duplex: "half",
  } as RequestInit);
}

export async function callAction(request: Request, clientIp = "203.0.113.10"): Promise<ActionAnswer> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: undefined, requestId: "test" });
  // The HTTP layer runs every action inside its request's address.
  const result = (await withRequestAddress(clientIp, () =>
    action({ request, context, params: {} } as unknown as Parameters<typeof action>[0]),
  )) as unknown as {
    data: QuoteActionData;
    init: ResponseInit | null;
  };
  return {
    status: result.init?.status ?? 200,
    data: result.data,
    headers: new Headers(result.init?.headers),
  };
}

/** Post the form (valid by default) from a client address. */
export async function submit(
  fields: Record<string, string> = validQuote,
  options: { clientIp?: string; token?: string } = {},
): Promise<ActionAnswer> {
  return callAction(quoteRequest(await formBody(fields, options.token)), options.clientIp);
}

/** The token a visitor's page carries: the loader's placeholder, filled as the HTTP layer does. */
export async function loadFormToken(): Promise<string> {
  const { data, init } = loader();
  const slots = parseSlotNames(new Headers(init?.headers).get(RENDER_SLOTS_HEADER));
  return fillSlots(data.formToken, slots, new Request(`${ORIGIN}/contato`));
}
