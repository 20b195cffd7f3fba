import { describe, expect, it } from "vitest";
import type { WireChunk } from "../../src/core/wire.ts";
import type { StreamEvent } from "../contract/provider.ts";
import { type StreamEnd, sseFrames } from "./sse-frames.ts";

const chunk = (content: string | null, finish: "stop" | null = null, id = "c1"): StreamEvent => ({
  type: "chunk",
  chunk: {
    id,
    object: "chat.completion.chunk",
    created: 7,
    model: "up/m",
    choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
  },
});
const usage: StreamEvent = {
  type: "chunk",
  chunk: {
    id: "c1",
    object: "chat.completion.chunk",
    created: 7,
    model: "up/m",
    choices: [],
    usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
  },
};

function frames(
  batches: StreamEvent[][],
  options: { throwAfter?: boolean; redact?: (t: string) => string } = {},
) {
  const ends: StreamEnd[] = [];
  let cancelled = 0;
  let returned = false;
  async function* events(): AsyncGenerator<StreamEvent[]> {
    try {
      for (const batch of batches) yield batch;
      if (options.throwAfter) throw new Error("boom sk-secret");
    } finally {
      returned = true;
    }
  }
  const stream = sseFrames(
    events(),
    options.redact ?? ((t) => t),
    () => {
      cancelled += 1;
    },
    (end) => ends.push(end),
  );
  const all = async () => {
    const out: string[] = [];
    for (let text = await stream.next(); text !== null; text = await stream.next()) out.push(text);
    return out;
  };
  return { stream, all, ends, cancelled: () => cancelled, returned: () => returned };
}

const dataOf = (text: string) =>
  text
    .split("\n\n")
    .filter(Boolean)
    .map((frame) => frame.replace(/^data: /u, ""));

describe("SSE frames of a streamed answer", () => {
  it("one text per batch; each chunk is exactly what JSON.stringify writes, usage included; [DONE] after a finished answer", async () => {
    const batches = [[chunk("a"), chunk("b")], [chunk('é"\n')], [chunk(null, "stop"), usage]];
    const { all, ends } = frames(batches);
    const texts = await all();
    expect(texts).toHaveLength(4);
    expect(texts.map(dataOf)).toEqual([
      ...batches.map((batch) =>
        batch.map((e) => JSON.stringify((e as { chunk: WireChunk }).chunk)),
      ),
      ["[DONE]"],
    ]);
    expect(ends).toEqual([{ outcome: "complete" }]);
  });

  it("a chunk with another id, time or model is written with its own", async () => {
    const other: StreamEvent = { ...chunk("x", null, "c2") };
    const { all } = frames([[chunk("a"), other, chunk("b")]]);
    const [text] = await all();
    expect(dataOf(text ?? "").map((d) => (JSON.parse(d) as WireChunk).id)).toEqual([
      "c1",
      "c2",
      "c1",
    ]);
  });

  it("choices a normaliser already has as JSON are written as they are", async () => {
    const event = chunk("é");
    if (event.type === "chunk")
      event.choicesJson = String.raw`[{"index":0,"delta":{"content":"\u00e9"},"finish_reason":null}]`;
    const { all } = frames([[event]]);
    const [text] = await all();
    expect(text).toContain(String.raw`"content":"\u00e9"`);
    expect(JSON.parse(dataOf(text ?? "")[0] ?? "")).toEqual((event as { chunk: WireChunk }).chunk);
  });

  it("an answer that ended without a finish reason gets no [DONE] and is logged incomplete", async () => {
    const { all, ends } = frames([[chunk("half")]]);
    const texts = await all();
    expect(texts.join("")).not.toContain("[DONE]");
    expect(ends).toEqual([{ outcome: "incomplete" }]);
  });

  it("an error event ends the stream with one redacted error frame after what came before it, and stops the answer", async () => {
    const error: StreamEvent = {
      type: "error",
      error: {
        type: "upstream_stream_error",
        message: "bad sk-secret",
        status: 502,
        provider: "openai",
      },
    };
    const { all, ends, returned } = frames([[chunk("part"), error], [chunk("never")]], {
      redact: (t) => t.replace("sk-secret", "********"),
    });
    const texts = await all();
    expect(texts).toHaveLength(1);
    const [first, second] = dataOf(texts[0] ?? "");
    expect(JSON.parse(first ?? "")).toMatchObject({ choices: [{ delta: { content: "part" } }] });
    expect(JSON.parse(second ?? "")).toEqual({
      error: {
        type: "upstream_stream_error",
        message: "bad ********",
        status: 502,
        provider: "openai",
      },
    });
    expect(ends).toEqual([{ outcome: "error", errorType: "upstream_stream_error" }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(returned()).toBe(true);
  });

  it("a failure of the proxy itself is one proxy_error frame, redacted", async () => {
    const { all, ends } = frames([[chunk("a")]], {
      throwAfter: true,
      redact: (t) => t.replace("sk-secret", "********"),
    });
    const texts = await all();
    const last = JSON.parse(dataOf(texts.at(-1) ?? "")[0] ?? "") as {
      error: { type: string; message: string };
    };
    expect(last.error.type).toBe("proxy_error");
    expect(last.error.message).toContain("boom ********");
    expect(ends).toEqual([{ outcome: "error", errorType: "proxy_error" }]);
  });

  it("cancel stops the answer once, is logged aborted, and ends the frames", async () => {
    const { stream, ends, cancelled, returned } = frames([[chunk("a")], [chunk("b")]]);
    expect(await stream.next()).toContain('"a"');
    stream.cancel();
    stream.cancel();
    expect(cancelled()).toBe(1);
    expect(ends).toEqual([{ outcome: "aborted" }]);
    expect(await stream.next()).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(returned()).toBe(true);
  });
});
