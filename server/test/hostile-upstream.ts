/** What a careless or hostile upstream writes in its errors: the key in every field and form. */
export function hostileReply(
  key: string,
  said: string,
  anthropic: boolean,
  sent: Record<string, unknown> | null,
) {
  const escaped = key.replace(/-/gu, "\\u002d");
  const percent = [...key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
  const base64 = Buffer.from(`Bearer ${key}`).toString("base64");
  const json = (status: number, body: string) => ({ status, body });
  if (said.includes("say-code-2xx"))
    return anthropic
      ? {
          pieces: [
            `event: error\ndata: {"type":"error","error":{"type":"Bearer ${key}","message":"x"}}\n\n`,
          ],
        }
      : { pieces: [`data: {"error":{"message":"failed","code":"Bearer ${key}"}}\n\n`] };
  if (said.includes("say-event-error"))
    return { pieces: [`event: error\ndata: {"message":"failed","code":"${key}"}\n\n`] };
  if (said.includes("say-finish-error"))
    return {
      pieces: [
        `data: {"id":"c","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":"error","error":{"message":"m","code":"${key}"}}]}\n\n`,
      ],
    };
  if (said.includes("say-escaped"))
    return json(400, `{"error":{"message":"bad key ${escaped}","code":"${escaped}"}}`);
  if (said.includes("say-upper"))
    return json(400, `{"error":{"message":"bad ${key.toUpperCase()}"}}`);
  if (said.includes("say-base64")) return json(401, `{"error":{"message":"sent ${base64}"}}`);
  if (said.includes("say-percent")) return json(400, `{"error":{"message":"sent ?k=${percent}"}}`);
  if (said.includes("say-param-unsent"))
    return json(
      400,
      `{"error":{"message":"Unsupported parameter: '${key}'","param":"${key}","code":"unsupported_parameter"}}`,
    );
  // Refused while the field is there, so the resend without it gets an answer.
  if (said.includes("say-param") && sent?.[anthropic ? "temperature" : "seed"] !== undefined)
    return anthropic
      ? json(
          400,
          `{"type":"error","error":{"type":"invalid_request_error","message":"temperature: Extra inputs are not permitted (${key})"}}`,
        )
      : json(
          400,
          `{"error":{"message":"Unsupported parameter: 'seed' with ${key}","param":"seed","code":"unsupported_parameter"}}`,
        );
  if (said.includes("say-context-stream"))
    return {
      pieces: [
        anthropic
          ? `event: error\ndata: {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long for ${escaped}"}}\n\n`
          : `data: {"error":{"message":"maximum context length is 10 tokens for ${escaped}","code":"${key}"}}\n\n`,
      ],
    };
  if (said.includes("say-context"))
    return json(
      anthropic ? 400 : 413,
      `{"error":{"message":"prompt is too long: ${base64}","type":"${key}","code":"context_length_exceeded"}}`,
    );
  if (said.includes("say-cut"))
    return {
      status: 500,
      headers: { "content-type": "text/plain" },
      body: `${"x".repeat(295)}${key}`,
    };
  return null;
}

/** The words that make `hostileReply` answer with a key in it. */
export const HOSTILE = [
  "say-code-2xx",
  "say-event-error",
  "say-finish-error",
  "say-escaped",
  "say-upper",
  "say-base64",
  "say-percent",
  "say-cut",
  "say-param-unsent",
  "say-param",
  "say-context",
  "say-context-stream",
];
