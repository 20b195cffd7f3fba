import { type ProxyError, proxyError } from "../errors.ts";

function tooLarge(limit: number): ProxyError {
  return proxyError(
    "payload_too_large",
    413,
    `The request body is larger than ${limit} bytes, the proxy's limit. Send fewer or smaller images, shorten the conversation (or start a new one), or raise limits.bodyBytes on the server.`,
  );
}

/** Reads a body as text, stopping as soon as it passes `limit` bytes (declared or chunked). */
export async function readBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; error: ProxyError }> {
  const length = request.headers.get("content-length");
  const declared = length === null ? Number.NaN : Number(length);
  if (declared > limit) return { ok: false, error: tooLarge(limit) };
  // HTTP framing holds a body to its declared length, so it can be read whole; on Node this
  // also takes @hono/node-server's fast path, which never builds a web stream.
  if (Number.isInteger(declared) && declared >= 0) return { ok: true, text: await request.text() };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return { ok: false, error: tooLarge(limit) };
    }
    parts.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}
