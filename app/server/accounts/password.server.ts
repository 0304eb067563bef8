import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const argon2Async = promisify(argon2);

// argon2id at OWASP's first recommended configuration (m=19 MiB, t=2, p=1), stored as a
// PHC string so the parameters can be raised later without breaking existing hashes.
const params = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

function b64(buffer: Buffer): string {
  return buffer.toString("base64").replace(/=+$/, "");
}

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async("argon2id", { message: password, nonce, ...params });
  return `$argon2id$v=19$m=${params.memory},t=${params.passes},p=${params.parallelism}$${b64(nonce)}$${b64(hash)}`;
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = phc.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/);
  if (!match) return false;
  const [, memory, passes, parallelism, nonce, expected] = match;
  const expectedBytes = Buffer.from(expected ?? "", "base64");
  const actual = await argon2Async("argon2id", {
    message: password,
    nonce: Buffer.from(nonce ?? "", "base64"),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expectedBytes.length,
  });
  return actual.length === expectedBytes.length && timingSafeEqual(actual, expectedBytes);
}

/** A hash of a random password, to spend the same time when the e-mail is unknown. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
