import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, jsonResponse, sseOf, sseResponse } from "../test/fake-fetch.ts";
import { chunk, httpClientFor, sampleRequest } from "../test/http-client-kit.ts";

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
    const { run } = httpClientFor(() =>
      jsonResponse(body, { status: 429, headers: { "retry-after": "7" } }),
    );
    const out = await run();
    expect(out.events).toEqual([
      {
        type: "error",
        error: {
          code: "http_status",
          status: 429,
          type: "rate_limited",
          provider: "openai",
          detail: "Slow down; retry in 7 s.",
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
    const { run } = httpClientFor(
      () => new Response(body, { status, headers: { "content-type": "application/json" } }),
    );
    const out = await run();
    expect(out.errors).toEqual([
      { code: "http_status", status, type, detail: expect.stringContaining(message) },
    ]);
  });

  it("keeps the status of a response whose body is not JSON, with no words of its own", async () => {
    const { run } = httpClientFor(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    const out = await run();
    expect(out.errors).toEqual([{ code: "http_status", status: 502 }]);
  });

  it("turns a refused connection into unreachable, with the browser's words as the detail", async () => {
    const { run } = httpClientFor(() => {
      throw new TypeError("Failed to fetch");
    });
    const out = await run();
    expect(out.errors).toEqual([{ code: "unreachable", detail: "Failed to fetch" }]);
  });

  it("turns a dropped connection mid-stream into connection_lost after what arrived", async () => {
    const encoder = new TextEncoder();
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0)
          controller.enqueue(encoder.encode(sseOf([chunk({ content: "Hel" })], false)));
        else controller.error(new TypeError("network error"));
      },
    });
    const { run } = httpClientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const out = await run();
    expect(out.text).toBe("Hel");
    expect(out.finish).toEqual([]);
    expect(out.errors).toEqual([{ code: "connection_lost", detail: "network error" }]);
  });

  it("reports an error sent inside the stream and stops there", async () => {
    const body = sseOf([
      chunk({ content: "Par" }),
      {
        error: { message: "Upstream overloaded. Try again.", type: "upstream_error", status: 529 },
      },
      chunk({ content: "never" }, "stop"),
    ]);
    const { run } = httpClientFor(() => sseResponse(body));
    const out = await run();
    expect(out.events).toEqual([
      { type: "text", delta: "Par" },
      {
        type: "error",
        error: {
          code: "stream_error",
          status: 529,
          type: "upstream_error",
          detail: "Upstream overloaded. Try again.",
        },
      },
    ]);
  });

  it("reports data that is not JSON as bad_response, with the parser's words", async () => {
    const { run } = httpClientFor(() => sseResponse("data: {not json\n\n"));
    const out = await run();
    expect(out.errors).toEqual([{ code: "bad_response", detail: expect.stringMatching(/JSON/) }]);
  });

  it("reports an already aborted request as aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const { run } = httpClientFor(() => sseResponse(sseOf([chunk({}, "stop")])));
    const out = await run({ ...sampleRequest, signal: controller.signal });
    expect(out.errors).toEqual([{ code: "aborted" }]);
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
    const { client } = httpClientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    const events = [];
    for await (const event of client.stream({ ...sampleRequest, signal: controller.signal })) {
      events.push(event);
      if (event.type === "text") controller.abort();
    }
    expect(events).toEqual([
      { type: "text", delta: "Once upon" },
      { type: "error", error: { code: "aborted" } },
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
    const { client } = httpClientFor(
      () => new Response(body, { headers: { "content-type": "text/event-stream" } }),
    );
    for await (const _event of client.stream(sampleRequest)) break;
    expect(cancelled).toBe(true);
  });
});
