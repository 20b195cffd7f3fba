/** A JSON string literal, exactly as RFC 8259 allows it (no raw control characters, valid escapes). */
const STRING = String.raw`"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`;

/**
 * The most common chunk of an OpenAI-compatible stream, a piece of text for choice 0, written the
 * way OpenAI, vLLM and most servers write it: keys in this order, no spaces, and only fields the
 * normaliser ignores besides the text (`service_tier`, `system_fingerprint`, `logprobs: null`,
 * `usage: null`, `obfuscation`).
 */
const CONTENT_CHUNK = new RegExp(
  String.raw`^\{"id":${STRING},"object":"chat\.completion\.chunk","created":(?:0|[1-9]\d*),"model":${STRING}(?:,"service_tier":(?:${STRING}|null))?(?:,"system_fingerprint":(?:${STRING}|null))?,"choices":\[\{"index":0,"delta":\{"content":(${STRING})\}(?:,"logprobs":null)?,"finish_reason":null\}\](?:,"usage":null)?(?:,"obfuscation":${STRING})?\}$`,
);

/**
 * When `data` is exactly such a chunk, the JSON literal of its text (quotes included), else null.
 * A cheap check before a full parse: a match is valid JSON that parses to a chunk whose only
 * effect is that text, so the normaliser can take it without `JSON.parse` of the whole chunk.
 */
export function contentLiteralOf(data: string): string | null {
  return CONTENT_CHUNK.exec(data)?.[1] ?? null;
}
