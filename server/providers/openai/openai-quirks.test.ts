import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFetch } from "../../node-fetch.ts";
import { chatInit } from "../../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../../test/fake-upstream.ts";
import { finishOf, readSse, toolCallsOf } from "../../test/sse.ts";
import { upstreamApp } from "../../test/upstream-app.ts";

const frame = (
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) =>
  JSON.stringify({
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
const data = (json: string, eol = "\n") => `data: ${json}${eol}${eol}`;

describe.each([
  ["the built-in fetch", undefined],
  ["the Node entry's fetch", nodeFetch],
])("OpenAI-compatible quirks real servers show, read with %s", (_name, fetchImpl) => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(() => upstream.close());

  async function run(
    pieces: Array<string | number>,
    status = 200,
    headers?: Record<string, string>,
  ) {
    upstream.handle(() => (headers ? { status, headers, pieces } : { status, pieces }));
    const { send } = upstreamApp(upstream.origin, {}, fetchImpl ? { fetch: fetchImpl } : {});
    const response = await send(
      "/v1/chat/completions",
      chatInit({ model: "up/m", messages: [{ role: "user", content: "hi" }], stream: true }),
    );
    return { response, stream: await readSse(response) };
  }

  it("comment lines and CRLF line ends", async () => {
    const { stream } = await run([
      ": keep-alive\r\n\r\n",
      data(frame({ content: "Hel" }), "\r\n"),
      ": ping\r\n\r\n",
      data(frame({ content: "lo" }), "\r\n"),
      data(frame({}, "stop"), "\r\n"),
      "data: [DONE]\r\n\r\n",
    ]);
    expect(stream.text).toBe("Hello");
    expect(stream.done).toBe(true);
  });

  it("a plain text chunk (read by the cheap check) comes out as its full parse would, escapes and all", async () => {
    const text = 'a "b" \\ c\n\u00e9 \u{1F600} \u2028';
    const plain = frame({ content: text });
    const spaced = plain.replace('"content":', '"content": ');
    const escaped = plain.replace("é", "\\u00e9");
    const { stream } = await run([
      data(frame({ role: "assistant", content: "" })),
      data(plain),
      data(spaced),
      data(escaped),
      data(frame({}, "stop")),
    ]);
    expect(stream.chunks).toHaveLength(5);
    expect(stream.chunks[1]).toEqual(stream.chunks[2]);
    expect(stream.chunks[3]).toEqual(stream.chunks[2]);
    expect(stream.chunks[1]?.choices).toEqual([
      { index: 0, delta: { content: text }, finish_reason: null },
    ]);
    expect(stream.text).toBe(text.repeat(3));
    expect(stream.done).toBe(true);
    expect(stream.raw).toContain(String.raw`\u00e9`);
  });

  it("CR-only line ends", async () => {
    const { stream } = await run([
      data(frame({ content: "a" }), "\r"),
      data(frame({ content: "b" }), "\r"),
      data(frame({}, "stop"), "\r"),
    ]);
    expect(stream.text).toBe("ab");
    expect(finishOf(stream)).toBe("stop");
  });

  it("a stream without [DONE] and without a last blank line still completes", async () => {
    const { stream } = await run([data(frame({ content: "ok" })), `data: ${frame({}, "stop")}`]);
    expect(stream.text).toBe("ok");
    expect(finishOf(stream)).toBe("stop");
    expect(stream.done).toBe(true);
  });

  it("bytes split mid-line and mid-character, with pauses", async () => {
    const body = data(frame({ content: "你好, world" })) + data(frame({}, "stop"));
    const bytes = Buffer.from(body, "utf8");
    const pieces: Array<string | number> = [];
    const decoder = new TextDecoder();
    for (let i = 0; i < bytes.length; i += 7)
      pieces.push(decoder.decode(bytes.subarray(i, i + 7), { stream: true }), 1);
    const { stream } = await run(pieces);
    expect(stream.text).toBe("你好, world");
  });

  it('name: "" in continuation deltas and argument objects', async () => {
    const { stream } = await run([
      data(
        frame({
          tool_calls: [
            { index: 0, id: "t1", type: "function", function: { name: "calc", arguments: "" } },
          ],
        }),
      ),
      data(frame({ tool_calls: [{ index: 0, function: { name: "", arguments: '{"a":' } }] })),
      data(frame({ tool_calls: [{ index: 0, function: { name: "", arguments: "1}" } }] })),
      data(
        frame({
          tool_calls: [
            { id: "t2", type: "function", function: { name: "obj", arguments: { b: 2 } } },
          ],
        }),
      ),
      data(frame({}, "tool_calls")),
    ]);
    expect(toolCallsOf(stream)).toEqual([
      { id: "t1", name: "calc", arguments: '{"a":1}' },
      { id: "t2", name: "obj", arguments: '{"b":2}' },
    ]);
  });

  it("reasoning (not reasoning_content) becomes reasoning_content", async () => {
    const { stream } = await run([
      data(frame({ reasoning: "think" })),
      data(frame({ content: "x" })),
      data(frame({}, "stop")),
    ]);
    expect(stream.chunks.map((c) => c.choices[0]?.delta.reasoning_content).filter(Boolean)).toEqual(
      ["think"],
    );
  });

  it("finish_reason stop after tool calls is reported as tool_calls", async () => {
    const { stream } = await run([
      data(
        frame({ tool_calls: [{ index: 0, id: "t", function: { name: "f", arguments: "{}" } }] }),
      ),
      data(frame({}, "stop")),
    ]);
    expect(finishOf(stream)).toBe("tool_calls");
  });

  it("usage on the finish chunk, and under x_groq", async () => {
    const usage = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };
    const a = await run([data(frame({ content: "x" })), data(frame({}, "stop", { usage }))]);
    expect(a.stream.chunks.at(-1)?.usage).toEqual(usage);
    const b = await run([
      data(frame({ content: "x" })),
      data(frame({}, "stop", { x_groq: { usage } })),
    ]);
    expect(b.stream.chunks.at(-1)?.usage).toEqual(usage);
  });

  for (const [name, pieces] of [
    [
      'data: {"error": …} inside a 200 stream',
      [
        data(frame({ content: "part" })),
        data(JSON.stringify({ error: { message: "Internal server error", code: 500 } })),
      ],
    ],
    [
      "event: error inside a 200 stream",
      [
        data(frame({ content: "part" })),
        'event: error\ndata: {"error":{"message":"Internal server error"}}\n\n',
      ],
    ],
    ['finish_reason: "error"', [data(frame({ content: "part" })), data(frame({}, "error"))]],
  ] as const) {
    it(`${name} is reported as an error after what arrived`, async () => {
      const { stream } = await run([...pieces]);
      expect(stream.text).toBe("part");
      expect(stream.error).toMatchObject({
        type: "upstream_stream_error",
        status: 502,
        provider: "up",
      });
      expect(stream.error?.message).toMatch(/in the middle of the answer.*try again/u);
      expect(stream.done).toBe(false);
    });
  }

  it("a stream that ended with [DONE] but no finish reason was reported as an error: it finishes with stop and a note", async () => {
    const { stream } = await run([data(frame({ content: "a whole answer" })), "data: [DONE]\n\n"]);
    expect(stream.text).toBe("a whole answer");
    expect(stream.error).toBeNull();
    expect(stream.done).toBe(true);
    const last = stream.chunks.flatMap((c) => c.choices).at(-1);
    expect(last).toMatchObject({ finish_reason: "stop", x_parley_note: "no_finish_reason" });
  });

  it("[DONE] after a tool call with no finish reason finishes it as tool_calls", async () => {
    const { stream } = await run([
      data(
        frame({ tool_calls: [{ index: 0, id: "t", function: { name: "f", arguments: "{}" } }] }),
      ),
      "data: [DONE]\n\n",
    ]);
    expect(finishOf(stream)).toBe("tool_calls");
    expect(stream.done).toBe(true);
  });

  it("a stream that ends with neither [DONE] nor a finish reason is still reported as incomplete", async () => {
    const { stream } = await run([data(frame({ content: "half an ans" }))]);
    expect(stream.text).toBe("half an ans");
    expect(stream.error?.type).toBe("incomplete_response");
    expect(stream.done).toBe(false);
  });

  it("a stream cut in the middle of a line is reported", async () => {
    const { stream } = await run([data(frame({ content: "a" })), 'data: {"id":"c1","choi']);
    expect(stream.error?.type).toBe("upstream_malformed");
  });

  it("a tool call cut off by the length limit is reported and never completed", async () => {
    const { stream } = await run([
      data(
        frame({ tool_calls: [{ index: 0, id: "t", function: { name: "f", arguments: '{"a":' } }] }),
      ),
      data(frame({}, "length")),
    ]);
    expect(stream.error?.type).toBe("tool_call_truncated");
    expect(finishOf(stream)).toBeNull();
  });

  it("a server that ignores stream:true and answers with one JSON completion", async () => {
    const completion = {
      id: "x",
      object: "chat.completion",
      created: 1,
      model: "m",
      choices: [
        { index: 0, message: { role: "assistant", content: "whole" }, finish_reason: "stop" },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    };
    const { stream } = await run([JSON.stringify(completion)], 200, {
      "content-type": "application/json",
    });
    expect(stream.text).toBe("whole");
    expect(finishOf(stream)).toBe("stop");
    expect(stream.chunks.at(-1)?.usage?.total_tokens).toBe(2);
  });
});
