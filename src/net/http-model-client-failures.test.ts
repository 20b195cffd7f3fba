import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelRequest } from "../core/model.ts";
import { collectEvents } from "../test/collect-events.ts";
import { FIXTURES, fakeFetch, jsonResponse, sseOf, sseResponse } from "../test/fake-fetch.ts";
import { createHttpModelClient } from "./http-model-client.ts";

const request: ModelRequest = {
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

const chunk = (
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) => ({
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});

function clientFor(
  respond: () => Response | Promise<Response>,
  accessToken?: () => string | undefined,
) {
  const fetch = fakeFetch(respond);
  const client = createHttpModelClient({
    fetch,
    baseUrl: "http://proxy.test/",
    ...(accessToken ? { accessToken } : {}),
  });
  return { fetch, client, run: (req: ModelRequest = request) => collectEvents(client, req) };
}

describe("the request", () => {
  it("posts a streamed WireChatRequest with usage to /v1/chat/completions", async () => {
    const { fetch, run } = clientFor(() => sseResponse(sseOf([chunk({ content: "5" }, "stop")])));
    await run();
    expect(fetch.requests).toHaveLength(1);
    const sent = fetch.requests[0];
    expect(sent?.url).toBe("http://proxy.test/v1/chat/completions");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({
      model: "openai/gpt-4o",
      messages: request.messages,
      tools: request.tools,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends the access token when one is set, read at request time", async () => {
    let token: string | undefined;
    const { fetch, run } = clientFor(
      () => sseResponse(sseOf([chunk({}, "stop")])),
      () => token,
    );
    await run();
    token = "s3cret";
    await run();
    expect(fetch.requests.map((r) => r.headers.authorization)).toEqual([
      undefined,
      "Bearer s3cret",
    ]);
  });

  it("leaves tools out when there are none", async () => {
    const { fetch, run } = clientFor(() => sseResponse(sseOf([chunk({}, "stop")])));
    await run({ model: "demo", messages: [{ role: "user", content: "x" }], tools: [] });
    expect(fetch.requests[0]?.body).not.toHaveProperty("tools");
  });
});

describe("errors are values", () => {
  it("maps Parley's error body, with Retry-After", async () => {
    const body = {
      error: {
        type: "rate_limited",
        message: "Slow down; retry in 7 s.",
        status: 429,
        provider: "openai",
      },
    };
    const { run } = clientFor(() =>
      jsonResponse(body, { status: 429, headers: { "retry-after": "7" } }),
    );
    const out = await run();
    expect(out.events).toEqual([
      {
        type: "error",
        error: {
          kind: "http",
          status: 429,
          type: "rate_limited",
          provider: "openai",
          message: "Slow down; retry in 7 s.",
          retryAfter: 7,
        },
      },
    ]);
  });

  it.each([
    [
      "openai-400-unknown-parameter.json",
      400,
      "Unknown parameter: 'response_format'.",
      "invalid_request_error",
    ],
    [
      "openai-400-unsupported-parameter.json",
      400,
      "Unsupported parameter: 'max_tokens'",
      "invalid_request_error",
    ],
    [
      "openai-429-insufficient-quota.json",
      429,
      "You exceeded your current quota",
      "insufficient_quota",
    ],
  ])("maps OpenAI's error body %s", async (file, status, message, type) => {
    const body = readFileSync(join(FIXTURES, "errors", file), "utf8");
    const { run } = clientFor(
      () => new Response(body, { status, headers: { "content-type": "application/json" } }),
    );
    const out = await run();
    expect(out.errors).toEqual([
      { kind: "http", status, type, message: expect.stringContaining(message) },
    ]);
  });

  it("explains a status whose body is not JSON", async () => {
    const { run } = clientFor(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    const out = await run();
    expect(out.errors).toEqual([
      {
        kind: "http",
        status: 502,
        message: expect.stringMatching(/^The model proxy failed \(502\)\. Try again/),
      },
    ]);
  });

  it("turns a refused connection into a network error", async () => {
    const { run } = clientFor(() => {
      throw new TypeError("Failed to fetch");
    });
    const out = await run();
    expect(out.errors).toEqual([
      {
        kind: "network",
        message: expect.stringMatching(
          /^Could not reach the model proxy \(Failed to fetch\)\. Check/,
        ),
      },
    ]);
  });

  it("turns a dropped connection mid-stream into a network error after what arrived", async () => {
    const encoder = new TextEncoder();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0)
          controller.enqueue(encoder.encode(sseOf([chunk({ content: "Hel" })], false)));
        else controller.error(new TypeError("network error"));
      },
    });
    const { run } = clientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const out = await run();
    expect(out.text).toBe("Hel");
    expect(out.finish).toEqual([]);
    expect(out.errors).toEqual([
      {
        kind: "network",
        message: expect.stringContaining("The connection to the model proxy dropped"),
      },
    ]);
  });

  it("reports an error sent inside the stream and stops there", async () => {
    const body = sseOf([
      chunk({ content: "Par" }),
      {
        error: { message: "Upstream overloaded. Try again.", type: "upstream_error", status: 529 },
      },
      chunk({ content: "never" }, "stop"),
    ]);
    const { run } = clientFor(() => sseResponse(body));
    const out = await run();
    expect(out.events).toEqual([
      { type: "text", delta: "Par" },
      {
        type: "error",
        error: {
          kind: "http",
          status: 529,
          type: "upstream_error",
          message: "Upstream overloaded. Try again.",
        },
      },
    ]);
  });

  it("reports data that is not JSON as a protocol error", async () => {
    const { run } = clientFor(() => sseResponse("data: {not json\n\n"));
    const out = await run();
    expect(out.errors).toEqual([
      { kind: "protocol", message: expect.stringContaining("not JSON") },
    ]);
  });

  it("reports an already aborted request as aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { run } = clientFor(() => sseResponse(sseOf([chunk({}, "stop")])));
    const out = await run({ ...request, signal: controller.signal });
    expect(out.errors).toEqual([{ kind: "aborted", message: expect.any(String) }]);
  });

  it("stops reading and cancels the body when aborted mid-stream", async () => {
    const controller = new AbortController();
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode(sseOf([chunk({ content: "Once upon" })], false)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { client } = clientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const events = [];
    for await (const event of client.stream({ ...request, signal: controller.signal })) {
      events.push(event);
      if (event.type === "text") controller.abort();
    }
    expect(events).toEqual([
      { type: "text", delta: "Once upon" },
      { type: "error", error: { kind: "aborted", message: expect.any(String) } },
    ]);
    expect(cancelled).toBe(true);
  });

  it("cancels the body when the reader stops early", async () => {
    let cancelled = false;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode(sseOf([chunk({ content: "a" }), chunk({ content: "b" })], false)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const { client } = clientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    for await (const _event of client.stream(request)) break;
    expect(cancelled).toBe(true);
  });
});

describe("how streams end", () => {
  it("says incomplete when the stream stops without a finish reason, emitting what it has", async () => {
    const body = sseOf(
      [
        chunk({ content: "Let me" }),
        chunk({
          tool_calls: [
            { index: 0, id: "c1", function: { name: "calculator", arguments: '{"expr' } },
          ],
        }),
      ],
      false,
    );
    const { run } = clientFor(() => sseResponse(body));
    const out = await run();
    expect(out.text).toBe("Let me");
    expect(out.calls).toEqual([{ id: "c1", name: "calculator", arguments: '{"expr' }]);
    expect(out.events.at(-1)).toEqual({ type: "finish", reason: "incomplete" });
  });

  it("finishes normally when [DONE] never comes", async () => {
    const { run } = clientFor(() => sseResponse(sseOf([chunk({ content: "ok" }, "stop")], false)));
    const out = await run();
    expect([out.text, out.finish, out.errors]).toEqual(["ok", ["stop"], []]);
  });

  it("sends usage that comes after the finish chunk before the finish event", async () => {
    const body = sseOf([
      chunk({ content: "ok" }, "stop"),
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } },
    ]);
    const { run } = clientFor(() => sseResponse(body));
    const out = await run();
    expect(out.events.slice(-2)).toEqual([
      { type: "usage", usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 } },
      { type: "finish", reason: "stop" },
    ]);
  });

  it("reads a whole JSON completion when the server did not stream", async () => {
    const completion = {
      id: "x",
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: "a",
                type: "function",
                function: { name: "calculator", arguments: '{"expression":"2+3"}' },
              },
              {
                id: "b",
                type: "function",
                function: { name: "calculator", arguments: '{"expression":"5*4"}' },
              },
            ],
          },
          finish_reason: "tool_calls",
        },
      ],
      usage: { prompt_tokens: 5, completion_tokens: 6, total_tokens: 11 },
    };
    const { run } = clientFor(() => jsonResponse(completion));
    const out = await run();
    expect(out.calls.map((c) => c.id)).toEqual(["a", "b"]);
    expect(out.usage).toEqual([{ promptTokens: 5, completionTokens: 6, totalTokens: 11 }]);
    expect(out.finish).toEqual(["tool_calls"]);
  });
});
