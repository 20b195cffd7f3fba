import { describe, expect, it } from "vitest";
import type { TokenCounter } from "../core/context/token-count.ts";
import type { Message } from "../core/message.ts";
import { fakeTokenizer } from "../test/fake-tokenizer.ts";
import { CachedTokenCounter } from "./cached-counter.ts";
import { InThreadEncoder } from "./in-thread-encoder.ts";
import { LazyTokenCounter } from "./lazy-counter.ts";

const message = (content: string): Message =>
  ({ id: content, role: "user", content, createdAt: "2026-12-02T00:00:00.000Z" }) as Message;
describe("LazyTokenCounter", () => {
  it("gives estimates until its counter has loaded, loads once, then answers as it does", async () => {
    let loads = 0;
    const real = new CachedTokenCounter(new InThreadEncoder(async () => fakeTokenizer()));
    const lazy = new LazyTokenCounter(async () => {
      loads += 1;
      return real;
    });
    const hello = message("hello there, how are you today?");
    expect(lazy.message(hello).source).toBe("estimate");
    const [counted] = await lazy.countMessages([hello]);
    expect(counted).toBe((await real.countMessages([hello]))[0]);
    expect(lazy.message(hello)).toEqual(real.message(hello));
    expect(lazy.message(hello).source).toBe("tokenizer");
    await lazy.countText("more");
    expect(loads).toBe(1);
  });

  it("without a counter, or when it cannot load, every count is the estimate", async () => {
    const failing = new LazyTokenCounter(() => Promise.reject(new Error("chunk missing")));
    const none = new LazyTokenCounter();
    const estimateOnly: TokenCounter = new CachedTokenCounter(null);
    const text = "a text of some length to estimate";
    const hi = message("hi, a question");
    for (const lazy of [failing, none]) {
      expect(await lazy.countText(text)).toBe(await estimateOnly.countText(text));
      expect(await lazy.countMessages([hi])).toEqual(await estimateOnly.countMessages([hi]));
      expect(await lazy.countTools([])).toBe(await estimateOnly.countTools([]));
      expect(lazy.message(hi)).toEqual(estimateOnly.message(hi));
      expect(lazy.text(text)).toEqual(estimateOnly.text(text));
    }
  });
});
