import { describe, expect, it } from "vitest";
import { collectEvents } from "../test/collect-events.ts";
import { fakeFetch, jsonResponse, sseOf, sseResponse } from "../test/fake-fetch.ts";
import { chunk, httpClientFor, sampleRequest } from "../test/http-client-kit.ts";
import { createHttpModelClient } from "./http-model-client.ts";

describe("the request", () => {
  it("posts a streamed WireChatRequest with usage to /v1/chat/completions", async () => {
    const { fetch, run } = httpClientFor(() =>
      sseResponse(sseOf([chunk({ content: "5" }, "stop")])),
    );
    await run();
    expect(fetch.requests).toHaveLength(1);
    const sent = fetch.requests[0];
    expect(sent?.url).toBe("http://proxy.test/v1/chat/completions");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({
      model: "openai/gpt-4o",
      messages: sampleRequest.messages,
      tools: sampleRequest.tools,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends the access token when one is set, read at request time", async () => {
    let token: string | undefined;
    const { fetch, run } = httpClientFor(
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

  it("reads the access token of the configuration it was built with at each request", async () => {
    const fetch = fakeFetch(() => sseResponse(sseOf([chunk({}, "stop")])));
    let token: string | undefined = "t1";
    const client = createHttpModelClient({
      baseUrl: "http://one.test",
      getAccessToken: () => token,
      fetch,
    });
    await collectEvents(client, sampleRequest);
    token = undefined;
    await collectEvents(client, sampleRequest);
    expect(fetch.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ["http://one.test/v1/chat/completions", "Bearer t1"],
      ["http://one.test/v1/chat/completions", undefined],
    ]);
  });

  it("leaves tools out when there are none", async () => {
    const { fetch, run } = httpClientFor(() => sseResponse(sseOf([chunk({}, "stop")])));
    await run({ model: "demo", messages: [{ role: "user", content: "x" }], tools: [] });
    expect(fetch.requests[0]?.body).not.toHaveProperty("tools");
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
    const { run } = httpClientFor(() => sseResponse(body));
    const out = await run();
    expect(out.text).toBe("Let me");
    expect(out.calls).toEqual([{ id: "c1", name: "calculator", arguments: '{"expr' }]);
    expect(out.events.at(-1)).toEqual({ type: "finish", reason: "incomplete" });
  });

  it("a stream that ended with [DONE] but no finish reason was incomplete: it finishes with stop and a note", async () => {
    const { run } = httpClientFor(() => sseResponse(sseOf([chunk({ content: "all of it" })])));
    const out = await run();
    expect(out.text).toBe("all of it");
    expect(out.events.at(-1)).toEqual({ type: "finish", reason: "stop", note: "no_finish_reason" });
  });

  it("the proxy's note on a finish it supplied is passed on", async () => {
    const supplied = {
      choices: [{ index: 0, delta: {}, finish_reason: "stop", x_parley_note: "no_finish_reason" }],
    };
    const { run } = httpClientFor(() => sseResponse(sseOf([chunk({ content: "ok" }), supplied])));
    const out = await run();
    expect(out.events.at(-1)).toEqual({ type: "finish", reason: "stop", note: "no_finish_reason" });
  });

  it("finishes normally when [DONE] never comes", async () => {
    const { run } = httpClientFor(() =>
      sseResponse(sseOf([chunk({ content: "ok" }, "stop")], false)),
    );
    const out = await run();
    expect([out.text, out.finish, out.errors]).toEqual(["ok", ["stop"], []]);
  });

  it("sends usage that comes after the finish chunk before the finish event", async () => {
    const body = sseOf([
      chunk({ content: "ok" }, "stop"),
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 1 } },
    ]);
    const { run } = httpClientFor(() => sseResponse(body));
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
    const { run } = httpClientFor(() => jsonResponse(completion));
    const out = await run();
    expect(out.calls.map((c) => c.id)).toEqual(["a", "b"]);
    expect(out.usage).toEqual([{ promptTokens: 5, completionTokens: 6, totalTokens: 11 }]);
    expect(out.finish).toEqual(["tool_calls"]);
  });
});

describe("the request's parameters", () => {
  it("sends the set ones under their wire names, and none when none is set", async () => {
    const { fetch, run } = httpClientFor(() => sseResponse(sseOf([chunk({}, "stop")])));
    await run({
      ...sampleRequest,
      params: { temperature: 0.3, topP: 0.9, maxTokens: 200, reasoningEffort: "low" },
    });
    await run({ ...sampleRequest, params: {} });
    expect(fetch.requests[0]?.body).toMatchObject({
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 200,
      reasoning_effort: "low",
    });
    expect(Object.keys(fetch.requests[1]?.body as object)).toEqual([
      "model",
      "messages",
      "tools",
      "stream",
      "stream_options",
    ]);
  });
});
