import { z } from "zod";
import { parseRedirectSource, parseRedirectTarget, type RedirectPathResult } from "./redirect-paths";

// The redirects page's "new redirect" form as one schema over the path parsers: the create
// command checks it on the server, and the page checks the same schema in the browser before
// anything is sent. The site's origins are an argument: an address typed in full is accepted
// only on them, and the page learns them from its loader.

function path(
  parse: (input: string, origins: readonly string[]) => RedirectPathResult,
  origins: readonly string[],
) {
  return z.string().transform((input, context) => {
    const parsed = parse(input, origins);
    if (parsed.ok) return parsed.path;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });
}

export function redirectFormSchema(origins: readonly string[]) {
  return z.object({ from: path(parseRedirectSource, origins), to: path(parseRedirectTarget, origins) });
}
