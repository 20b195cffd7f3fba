import { describe, expect, it } from "vitest";
import type { ModelEvent } from "../../core/model.ts";
import { EventBatcher } from "./event-batcher.ts";

function setup(intervalMs = 50) {
  let now = 0;
  const timers: { at: number; fn: () => void; handle: number }[] = [];
  let nextHandle = 1;
  const clock = {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => {
      const handle = nextHandle++;
      timers.push({ at: now + ms, fn, handle });
      return handle;
    },
    clearTimeout: (handle: unknown) => {
      const i = timers.findIndex((t) => t.handle === handle);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const sent: ModelEvent[][] = [];
  const batcher = new EventBatcher((events) => sent.push(events), clock, intervalMs);
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  return { batcher, sent, advance, timers };
}

const text = (delta: string): ModelEvent => ({ type: "text", delta });

describe("EventBatcher", () => {
  it("sends the first delta at once and joins the next ones until the interval has passed", () => {
    const { batcher, sent, advance } = setup();
    batcher.push(text("Hel"));
    expect(sent).toEqual([[text("Hel")]]);
    advance(10);
    batcher.push(text("lo"));
    advance(10);
    batcher.push(text(", wor"));
    expect(sent).toHaveLength(1);
    advance(30);
    expect(sent).toEqual([[text("Hel")], [text("lo, wor")]]);
  });

  it("keeps text and reasoning apart, in their order", () => {
    const { batcher, sent, advance } = setup();
    batcher.push(text("a"));
    batcher.push({ type: "reasoning", delta: "think" });
    batcher.push({ type: "reasoning", delta: "ing" });
    batcher.push(text("b"));
    advance(50);
    expect(sent[1]).toEqual([{ type: "reasoning", delta: "thinking" }, text("b")]);
  });

  it("sends any other event at once, after the text waiting before it", () => {
    const { batcher, sent, advance, timers } = setup();
    batcher.push(text("a"));
    advance(5);
    batcher.push(text("b"));
    batcher.push({ type: "finish", reason: "stop" });
    expect(sent).toEqual([[text("a")], [text("b"), { type: "finish", reason: "stop" }]]);
    expect(timers).toHaveLength(0);
  });

  it("hands what waits to the stream's last message", () => {
    const { batcher, sent, timers } = setup();
    batcher.push(text("a"));
    batcher.push(text("b"));
    expect(batcher.take()).toEqual([text("b")]);
    expect(batcher.take()).toEqual([]);
    expect(sent).toEqual([[text("a")]]);
    expect(timers).toHaveLength(0);
  });

  it("does not change the events it was given", () => {
    const { batcher, advance } = setup();
    const first = text("a");
    const second = text("b");
    batcher.push(text("x"));
    batcher.push(first);
    batcher.push(second);
    advance(50);
    expect(first).toEqual(text("a"));
    expect(second).toEqual(text("b"));
  });
});
