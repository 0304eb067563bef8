import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 that keeps what it receives, with a small MIME decoder for
// assertions (headers with encoded words, quoted-printable or base64 parts). It offers no
// STARTTLS, so the site sends to it only as a declared local relay (`env`, `LOCAL_RELAY`).

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The authenticated user, if the client logged in. */
  user: string | undefined;
  raw: string;
  /** Header values, decoded, by lower-case name. */
  headers: Map<string, string>;
  text: string;
  html: string;
}

export interface SmtpSink {
  port: number;
  /** smtp:// URL with the sink's credentials. */
  url: string;
  /** SMTP_URL pointing here, declared a local relay without TLS (the site refuses it otherwise). */
  env: { SMTP_URL: string } & typeof LOCAL_RELAY;
  messages: ReceivedMail[];
  /** Logins tried (the user names): a client that sends its password in clear shows here. */
  logins: string[];
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
}

export const SINK_USER = "site";
export const SINK_PASSWORD = "s3nh@-secreta";

/** The configuration that lets the site send to a plain server such as this sink. */
export const LOCAL_RELAY = { SMTP_LOCAL_RELAY_WITHOUT_TLS: "true" } as const;

/** A port that was free a moment ago (for "the SMTP server is down, then comes back"). */
export { freePort } from "../../harness/site-cluster.ts";

export function sinkUrl(port: number): string {
  return `smtp://${SINK_USER}:${encodeURIComponent(SINK_PASSWORD)}@127.0.0.1:${port}`;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? "");
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom;
        messages.push({
          envelopeFrom: from ? from.address : "",
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === "string" ? session.user : undefined,
          raw,
          ...parseMime(raw),
        });
        callback();
      });
    },
  });
  const actualPort = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
  return {
    port: actualPort,
    url: sinkUrl(actualPort),
    env: { SMTP_URL: sinkUrl(actualPort), ...LOCAL_RELAY },
    messages,
    logins,
    waitForMessages: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} message(s), received ${messages.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const char = input[i] ?? "";
    const hex = input.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, data: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(data, "base64").toString("utf8")
          : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index === -1 ? part : part.slice(0, index);
  const body = index === -1 ? "" : part.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return decoded.replace(/\r\n/g, "\n");
}

function parseMime(raw: string): { headers: Map<string, string>; text: string; html: string } {
  const { headers, body } = splitHeaders(raw);
  const result = { headers, text: "", html: "" };
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
    if (type.startsWith("multipart/") && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        const inner = splitHeaders(section.replace(/^\r?\n/, ""));
        collect(inner.headers, inner.body);
      }
    } else if (type.startsWith("text/html")) {
      result.html = decodeBody(partHeaders, partBody);
    } else if (type.startsWith("text/plain")) {
      result.text = decodeBody(partHeaders, partBody);
    }
  };
  collect(headers, body);
  return result;
}
