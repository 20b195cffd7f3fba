import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../contract/provider.ts";
import { proxyError } from "../errors.ts";
import { type PaceClock, pacedBatches } from "./paced-batches.ts";

const text = (content: string): StreamEvent => ({
  type: "chunk",
  chunk: {
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  },
});
const contentOf = (batch: StreamEvent[]) =>
  batch.map((e) => (e.type === "chunk" ? e.chunk.choices[0]?.delta.content : "error")).join("");

/** A clock whose time moves only when the test says, with the timers it was given. */
function fakeClock() {
  let time = 0;
  const timers = new Set<{ at: number; fn: () => void }>();
  const clock: PaceClock = {
    now: () => time,
    setTimeout: (fn, ms) => {
      const timer = { at: time + ms, fn };
      timers.add(timer);
      return timer;
    },
    clearTimeout: (handle) => timers.delete(handle as { at: number; fn: () => void }),
  };
  const advance = async (ms: number) => {
    time += ms;
    for (const timer of [...timers]) {
      if (timer.at > time) continue;
      timers.delete(timer);
      timer.fn();
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { clock, advance, timers };
}

/** A source the test feeds batch by batch. */
function feed() {
  const queue: (StreamEvent[] | null)[] = [];
  let wake: (() => void) | null = null;
  let returned = false;
  async function* source(): AsyncGenerator<StreamEvent[]> {
    try {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
        const next = queue.shift();
        if (!next) return;
        yield next;
      }
    } finally {
      returned = true;
    }
  }
  const push = (batch: StreamEvent[] | null) => {
    queue.push(batch);
    wake?.();
    wake = null;
  };
  return { source: source(), push, returned: () => returned };
}

async function collect(out: AsyncGenerator<StreamEvent[]>, into: string[]) {
  for await (const batch of out) into.push(contentOf(batch));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("pacedBatches", () => {
  it("sends the first batch at once, then joins what arrives within the interval", async () => {
    const { clock, advance } = fakeClock();
    const { source, push } = feed();
    const sent: string[] = [];
    const done = collect(pacedBatches(source, 50, clock), sent);
    push([text("a")]);
    await settle();
    expect(sent).toEqual(["a"]);
    push([text("b")]);
    await settle();
    await advance(10);
    push([text("c")]);
    await advance(10);
    expect(sent).toEqual(["a"]);
    await advance(30);
    expect(sent).toEqual(["a", "bc"]);
    // Quiet for longer than the interval: the next batch goes at once again.
    await advance(200);
    push([text("d")]);
    await settle();
    expect(sent).toEqual(["a", "bc", "d"]);
    push(null);
    await done;
  });

  it("sends what waits as soon as the stream ends, and an error at once", async () => {
    const { clock, advance } = fakeClock();
    const { source, push } = feed();
    const sent: string[] = [];
    const done = collect(pacedBatches(source, 50, clock), sent);
    push([text("a")]);
    await settle();
    push([text("b")]);
    push([{ type: "error", error: proxyError("upstream_error", 502, "gone") }]);
    await settle();
    await settle();
    expect(sent).toEqual(["a", "berror"]);
    push([text("z")]);
    await settle();
    push(null);
    await done;
    expect(sent).toEqual(["a", "berror", "z"]);
    await advance(100);
  });

  it("stops the source when the client leaves", async () => {
    const { clock } = fakeClock();
    const { source, push, returned } = feed();
    const out = pacedBatches(source, 50, clock);
    push([text("a")]);
    expect(contentOf((await out.next()).value as StreamEvent[])).toBe("a");
    await out.return(undefined);
    expect(returned()).toBe(true);
  });
});
