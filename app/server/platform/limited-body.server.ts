// Reading a request (or a provider's response) body whole, without ever buffering more than
// a limit. Every endpoint that reads a body itself uses this.

/**
 * Read and drop the rest of a body that is already refused. Cancelling instead would reset the
 * connection while the client is still sending, and it would never see the answer.
 */
export async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // The body limit or the client ended it: the answer is the same.
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body exceeds ${limitBytes} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

export class BodyReadError extends Error {
  constructor(cause: unknown) {
    super("The request body could not be read.", { cause });
    this.name = "BodyReadError";
  }
}

/**
 * The whole body of a request (or response), refusing to buffer more than `limitBytes`.
 * Content-Length is checked first, so a declared oversize body is refused without reading it;
 * a chunked body (no Content-Length) or one that lies about its length is refused as soon as
 * it passes the limit (the rest is read and dropped, not kept).
 */
export async function readBodyWithLimit(
  message: Request | Response,
  limitBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(message.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!message.body) return new Uint8Array();
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        // A client still sending must be read to the end to see the answer; a provider's
        // download is simply stopped.
        if ("method" in message) await discardRest(reader);
        else await reader.cancel().catch(() => {});
        throw new BodyTooLargeError(limitBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    throw new BodyReadError(error);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
