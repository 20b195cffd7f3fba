import type { ModelRequest } from "../core/model.ts";
import { createHttpModelClient } from "../net/http-model-client.ts";
import { collectEvents } from "./collect-events.ts";
import { fakeFetch } from "./fake-fetch.ts";

/** A request with a system prompt, a question and one tool. */
export const sampleRequest: ModelRequest = {
  model: "openai/gpt-4o",
  messages: [
    { role: "system", content: "Be brief." },
    { role: "user", content: "2+3?" },
  ],
  tools: [
    {
      type: "function",
      function: { name: "calculator", description: "math", parameters: { type: "object" } },
    },
  ],
};

/** A `chat.completion.chunk` payload for choice 0. */
export function chunk(
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return { choices: [{ index: 0, delta, finish_reason: finish }], ...extra };
}

/** The HTTP model client over a fake fetch that answers with `respond`. */
export function httpClientFor(
  respond: () => Response | Promise<Response>,
  accessToken?: () => string | undefined,
) {
  const fetch = fakeFetch(respond);
  const client = createHttpModelClient({
    fetch,
    baseUrl: "http://proxy.test/",
    getAccessToken: accessToken ?? (() => undefined),
  });
  return {
    fetch,
    client,
    run: (req: ModelRequest = sampleRequest) => collectEvents(client, req),
  };
}
