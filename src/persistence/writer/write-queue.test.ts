import { describe, expect, it } from "vitest";
import { type Timers, WriteQueue } from "./write-queue.ts";

class ManualTimers implements Timers {
  time = 0;
  private due: Array<{ at: number; fn: () => void; id: number }> = [];
  private next = 0;
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    this.next += 1;
    this.due.push({ at: this.time + ms, fn, id: this.next });
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.due = this.due.filter((d) => d.id !== handle);
  }
  async advance(ms: number): Promise<void> {
    this.time += ms;
    for (;;) {
      await settle();
      const ready = this.due.filter((d) => d.at <= this.time);
      if (ready.length === 0) return;
      this.due = this.due.filter((d) => d.at > this.time);
      for (const d of ready) d.fn();
    }
  }
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function queue(timers: ManualTimers, log: string[], gate?: Promise<void>) {
  return new WriteQueue<string[], string>({
    intervalMs: 100,
    timers,
    merge: (a, b) => [...a, ...b],
    run: async (key, intent) => {
      log.push(`${key}@${timers.now()}:${intent.join("+")}`);
      await gate;
      return intent.join("+");
    },
  });
}

describe("WriteQueue", () => {
  it("writes the first intent at once and merges a burst into one throttled write", async () => {
    const timers = new ManualTimers();
    const log: string[] = [];
    const q = queue(timers, log);
    const first = q.push("a", ["1"]);
    await settle();
    const second = q.push("a", ["2"]);
    const third = q.push("a", ["3"]);
    await timers.advance(50);
    expect(log).toEqual(["a@0:1"]);
    await timers.advance(50);
    expect(log).toEqual(["a@0:1", "a@100:2+3"]);
    expect(await Promise.all([first, second, third])).toEqual(["1", "2+3", "2+3"]);
  });

  it("never runs two writes of one key at once, but different keys run side by side", async () => {
    const timers = new ManualTimers();
    const log: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const q = queue(timers, log, gate);
    void q.push("a", ["1"]);
    void q.push("b", ["1"]);
    await settle();
    void q.push("a", ["2"], true);
    await timers.advance(500);
    expect(log).toEqual(["a@0:1", "b@0:1"]);
    open();
    await timers.advance(0);
    expect(log).toEqual(["a@0:1", "b@0:1", "a@500:2"]);
  });

  it("flush starts waiting writes now and resolves when all are stored", async () => {
    const timers = new ManualTimers();
    const log: string[] = [];
    const q = queue(timers, log);
    void q.push("a", ["1"]);
    await settle();
    const late = q.push("a", ["2"]);
    await q.flush();
    expect(log).toEqual(["a@0:1", "a@0:2"]);
    expect(await late).toBe("2");
    expect(q.idle).toBe(true);
  });

  it("an immediate write skips the throttle delay", async () => {
    const timers = new ManualTimers();
    const log: string[] = [];
    const q = queue(timers, log);
    void q.push("a", ["1"]);
    await settle();
    void q.push("a", ["2"], true);
    await timers.advance(0);
    expect(log).toEqual(["a@0:1", "a@0:2"]);
  });
});
