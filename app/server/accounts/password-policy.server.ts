import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../lib/password-rules.ts";

// Passwords as OWASP ASVS 5.0 asks: at least 8 characters (15 or more suggested), up to 128, no
// composition rules (no "one digit, one symbol"), and refused when a strength estimate finds it
// common or guessable. The estimate is zxcvbn-ts with the common and Brazilian Portuguese
// dictionaries; they weigh a few megabytes, so they are loaded once, on the first check, and
// only on the server.

/** zxcvbn scores 0–4; below this the password is refused. */
export const PASSWORD_MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [core, common, ptBr] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-pt-br"),
    ]);
    return new core.ZxcvbnFactory({
      translations: ptBr.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
      // Off: near-misses of dictionary words would be caught too, but each check then takes
      // about ten times longer (~1 s on this machine), blocking the event loop meanwhile.
      useLevenshteinDistance: false,
    });
  })();
  return estimator;
}

/**
 * Why this password is refused (pt-BR), or undefined when it may be used. `related` are words
 * an attacker would try first: the person's e-mail and name, the company's name.
 */
export async function passwordProblem(
  password: string,
  related: readonly string[] = [],
): Promise<string | undefined> {
  if (password.length < PASSWORD_MIN) return `A senha precisa ter pelo menos ${PASSWORD_MIN} caracteres.`;
  if (password.length > PASSWORD_MAX) return `A senha pode ter no máximo ${PASSWORD_MAX} caracteres.`;
  const inputs = related.flatMap((value) => {
    const words = value
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length >= 3);
    return [value.toLowerCase(), ...words];
  });
  const result = (await loadEstimator()).check(password, inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return undefined;
  const why = result.feedback.warning ? ` ${withPeriod(result.feedback.warning)}` : "";
  const suggestion = result.feedback.suggestions[0] ? ` ${withPeriod(result.feedback.suggestions[0])}` : "";
  return `Senha fraca: ela é comum ou fácil de adivinhar.${why}${suggestion} Tente uma frase mais longa, com palavras que não tenham relação com você ou com a empresa.`;
}

function withPeriod(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}
