import { describe, expect, it } from "vitest";
import type { CountableMessage } from "../core/context/chat-format.ts";
import { estimatedSizes } from "../core/context/estimate.ts";
import { buildMessage } from "../test/builders.ts";
import { fakeTokenizer } from "../test/fake-tokenizer.ts";
import { CachedTokenCounter } from "./cached-counter.ts";
import type { TokenEncoder } from "./token-encoder.ts";

/** An encoder over the fake tokenizer that keeps every batch it was asked, and can fail. */
function recordingEncoder() {
  const tokenizer = fakeTokenizer();
  const batches: CountableMessage[][] = [];
  let failing = false;
  const asked: string[][] = [];
  const encoder: TokenEncoder & { fail(): void } = {
    async messages(items) {
      batches.push([...items]);
      if (failing) throw new Error("the worker could not start");
      return items.map((m) => tokenizer.message(m));
    },
    async texts(items) {
      asked.push([...items]);
      if (failing) throw new Error("the worker could not start");
      return items.map((t) => tokenizer.text(t));
    },
    async tools(tools) {
      return tokenizer.tools(tools);
    },
    dispose() {},
    fail() {
      failing = true;
    },
  };
  return { encoder, tokenizer, batches, asked };
}

const conversation = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    buildMessage({ role: i % 2 ? "assistant" : "user", content: `message number ${i}` }),
  );

describe("CachedTokenCounter", () => {
  it("counts with the tokenizer, and a second count of unchanged messages does no tokenizer work", async () => {
    const { encoder, tokenizer } = recordingEncoder();
    const counter = new CachedTokenCounter(encoder);
    const path = conversation(6);
    const first = await counter.countMessages(path);
    expect(first).toEqual(path.map((m) => 4 + m.content.length));
    const work = tokenizer.counted.length;
    expect(work).toBe(6);
    expect(await counter.countMessages(path)).toEqual(first);
    expect(await counter.countMessages(path.map((m) => ({ ...m })))).toEqual(first);
    expect(tokenizer.counted.length).toBe(work);
  });

  it("counts only the new message when one is added, and a changed one again", async () => {
    const { encoder, batches } = recordingEncoder();
    const counter = new CachedTokenCounter(encoder);
    const path = conversation(10);
    await counter.countMessages(path);
    const added = buildMessage({ role: "user", content: "one more" });
    await counter.countMessages([...path, added]);
    expect(batches.at(-1)).toEqual([{ role: "user", content: "one more" }]);
    const edited = { ...added, content: "one more, edited" };
    expect(await counter.countMessages([edited])).toEqual([4 + 16]);
    expect(batches.at(-1)).toEqual([{ role: "user", content: "one more, edited" }]);
  });

  it("reports the estimate, labelled as one, until the tokenizer has counted", async () => {
    const counter = new CachedTokenCounter(recordingEncoder().encoder);
    const message = buildMessage({ content: "a".repeat(40) });
    expect(counter.message(message)).toEqual(estimatedSizes.message(message));
    expect(counter.message(message).source).toBe("estimate");
    const counting = counter.countMessages([message]);
    expect(counter.message(message).source).toBe("estimate");
    await counting;
    expect(counter.message(message)).toEqual({ tokens: 44, source: "tokenizer" });
  });

  it("counts the newest messages first and sends only what a count depends on", async () => {
    const { encoder, batches } = recordingEncoder();
    const call = { id: "call_1", name: "calculator", arguments: "{}" };
    const path = [
      ...conversation(3),
      buildMessage({ role: "assistant", content: "", toolCalls: [call], model: "demo" }),
    ];
    await new CachedTokenCounter(encoder).countMessages(path);
    expect(batches[0]?.[0]).toEqual({
      role: "assistant",
      content: "",
      toolCalls: [{ name: "calculator", arguments: "{}" }],
    });
    expect(batches[0]?.at(-1)?.content).toBe("message number 0");
  });

  it("shares the work when the same messages are counted twice at once", async () => {
    const { encoder, tokenizer } = recordingEncoder();
    const counter = new CachedTokenCounter(encoder);
    const path = conversation(4);
    const [a, b] = await Promise.all([counter.countMessages(path), counter.countMessages(path)]);
    expect(a).toEqual(b);
    expect(tokenizer.counted.length).toBe(4);
  });

  it("keeps to the estimate when the tokenizer fails, and stops asking it", async () => {
    const { encoder, batches } = recordingEncoder();
    encoder.fail();
    const counter = new CachedTokenCounter(encoder);
    const path = conversation(3);
    expect(await counter.countMessages(path)).toEqual(
      path.map((m) => estimatedSizes.message(m).tokens),
    );
    await counter.countMessages(conversation(2));
    expect(batches).toHaveLength(1);
    expect(await counter.countText("hello")).toBe(2);
    expect(counter.message(path[0] ?? buildMessage()).source).toBe("estimate");
  });

  it("starts the tokenizer when warmed, before anything is counted", async () => {
    const { encoder, asked } = recordingEncoder();
    await new CachedTokenCounter(encoder).warm();
    expect(asked).toEqual([[]]);
    await expect(new CachedTokenCounter(null).warm()).resolves.toBeUndefined();
  });

  it("gives estimates where there is no tokenizer at all", async () => {
    const counter = new CachedTokenCounter(null);
    const path = conversation(2);
    expect(await counter.countMessages(path)).toEqual(
      path.map((m) => estimatedSizes.message(m).tokens),
    );
    expect(counter.text("abcd")).toEqual({ tokens: 1, source: "estimate" });
  });

  it("remembers texts and tool declarations it counted", async () => {
    const { encoder, tokenizer } = recordingEncoder();
    const counter = new CachedTokenCounter(encoder);
    const tools = [
      { type: "function" as const, function: { name: "t", description: "d", parameters: {} } },
    ];
    expect(await counter.countText("Be brief.")).toBe(9);
    expect(counter.text("Be brief.")).toEqual({ tokens: 9, source: "tokenizer" });
    const declared = await counter.countTools(tools);
    expect(counter.tools(tools)).toEqual({ tokens: declared, source: "tokenizer" });
    const work = tokenizer.counted.length;
    await counter.countText("Be brief.");
    await counter.countTools(tools);
    expect(tokenizer.counted.length).toBe(work);
  });
});
