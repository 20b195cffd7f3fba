import { describe, expect, it } from "vitest";
import {
  HighlightClient,
  type Highlighted,
  type HighlightWorkerEvents,
  type HighlightWorkerPort,
} from "./highlight-client.ts";
import type { HighlightJob } from "./highlight-protocol.ts";
import type { HighlightSpans } from "./highlight-tree.ts";

class FakeWorker implements HighlightWorkerPort {
  readonly posted: HighlightJob[] = [];
  terminated = false;

  constructor(private readonly events: HighlightWorkerEvents) {}

  post(job: HighlightJob): void {
    this.posted.push(job);
  }
  terminate(): void {
    this.terminated = true;
  }
  ready(): void {
    this.events.reply({ type: "ready" });
  }
  answer(spans: HighlightSpans | null, job = this.posted.at(-1)): void {
    if (!job) throw new Error("nothing was posted");
    this.events.reply({ type: "done", id: job.id, spans });
  }
  crash(): void {
    this.events.fail();
  }
}

const spansOf = (code: string): HighlightSpans => ({
  classes: ["hljs-keyword"],
  ops: Int32Array.from([-2, code.length, -1]),
});

function setup(options: { cacheEntries?: number; cacheChars?: number } = {}) {
  const workers: FakeWorker[] = [];
  const timers: { ms: number; fire: () => void; live: boolean }[] = [];
  const client = new HighlightClient({
    createWorker: (events) => {
      const worker = new FakeWorker(events);
      workers.push(worker);
      return worker;
    },
    budgetMs: 1000,
    startTimer: (ms, fire) => {
      const timer = { ms, fire, live: true };
      timers.push(timer);
      return () => {
        timer.live = false;
      };
    },
    ...options,
  });
  const results = new Map<string, Highlighted[]>();
  const ask = (code: string, language = "typescript") =>
    client.request(code, language, (result) => {
      results.set(code, [...(results.get(code) ?? []), result]);
    });
  const runningTimers = () => timers.filter((t) => t.live);
  const overBudget = () => {
    for (const timer of runningTimers()) {
      timer.live = false;
      timer.fire();
    }
  };
  const worker = (i: number) => {
    const w = workers[i];
    if (!w) throw new Error(`no worker ${i}`);
    return w;
  };
  return { client, workers, worker, results, ask, runningTimers, overBudget };
}

describe("HighlightClient", () => {
  it("highlights a block in the worker and keeps it, so opening it again asks nothing", () => {
    const { client, worker, results, ask } = setup();
    ask("let a = 1;");
    expect(worker(0).posted).toEqual([]);
    worker(0).ready();
    expect(worker(0).posted).toEqual([{ id: 1, code: "let a = 1;", language: "typescript" }]);
    worker(0).answer(spansOf("let a = 1;"));
    expect(results.get("let a = 1;")).toEqual([spansOf("let a = 1;")]);
    expect(client.cached("let a = 1;", "typescript")).toEqual(spansOf("let a = 1;"));
    ask("let a = 1;");
    expect(results.get("let a = 1;")).toHaveLength(2);
    expect(worker(0).posted).toHaveLength(1);
  });

  it("shows a block plain when highlight.js takes longer than the budget (issue 11: it is quadratic on long identifiers), ends that worker and starts a fresh one", () => {
    const { client, workers, worker, results, ask, overBudget } = setup();
    const stuck = "a".repeat(29_990);
    ask(stuck);
    ask("const b = 2;");
    worker(0).ready();
    overBudget();
    expect(results.get(stuck)).toEqual([null]);
    expect(worker(0).terminated).toBe(true);
    expect(client.cached(stuck, "typescript")).toBeNull();
    expect(workers).toHaveLength(2);
    worker(1).ready();
    expect(worker(1).posted.map((j) => j.code)).toEqual(["const b = 2;"]);
    worker(1).answer(spansOf("const b = 2;"));
    expect(results.get("const b = 2;")).toEqual([spansOf("const b = 2;")]);
    ask(stuck);
    expect(results.get(stuck)).toEqual([null, null]);
    expect(worker(1).posted).toHaveLength(1);
  });

  it("ignores the late answer of a worker it ended", () => {
    const { client, worker, ask, overBudget } = setup();
    ask("slow");
    ask("next");
    worker(0).ready();
    const slowJob = worker(0).posted[0];
    overBudget();
    worker(0).answer(spansOf("slow"), slowJob);
    expect(client.cached("slow", "typescript")).toBeNull();
    expect(client.cached("next", "typescript")).toBeUndefined();
  });

  it("starts a block's budget when the worker is ready, not while highlight.js loads", () => {
    const { worker, results, ask, runningTimers } = setup();
    ask("x");
    expect(runningTimers()).toHaveLength(0);
    worker(0).ready();
    expect(runningTimers()).toEqual([expect.objectContaining({ ms: 1000 })]);
    worker(0).answer(spansOf("x"));
    expect(runningTimers()).toHaveLength(0);
    expect(results.get("x")).toEqual([spansOf("x")]);
  });

  it("sends one block at a time, in order, and never one whose view went away", () => {
    const { worker, ask } = setup();
    ask("first");
    const cancel = ask("gone");
    ask("third");
    cancel();
    worker(0).ready();
    expect(worker(0).posted.map((j) => j.code)).toEqual(["first"]);
    worker(0).answer(spansOf("first"));
    expect(worker(0).posted.map((j) => j.code)).toEqual(["first", "third"]);
  });

  it("highlights a block shown twice only once and tells both", () => {
    const { worker, results, ask } = setup();
    ask("same");
    ask("same");
    worker(0).ready();
    worker(0).answer(spansOf("same"));
    expect(worker(0).posted).toHaveLength(1);
    expect(results.get("same")).toEqual([spansOf("same"), spansOf("same")]);
  });

  it("keeps the code plain when the worker cannot start, and does not try again", () => {
    const { workers, worker, results, ask } = setup();
    ask("one");
    worker(0).crash();
    expect(results.get("one")).toEqual([null]);
    ask("two");
    expect(results.get("two")).toEqual([null]);
    expect(workers).toHaveLength(1);
  });

  it("shows a block plain when the worker fails on it, and gives the next block a fresh worker", () => {
    const { workers, worker, results, ask } = setup();
    ask("breaks");
    ask("fine");
    worker(0).ready();
    worker(0).crash();
    expect(results.get("breaks")).toEqual([null]);
    expect(worker(0).terminated).toBe(true);
    expect(workers).toHaveLength(2);
    worker(1).ready();
    worker(1).answer(spansOf("fine"));
    expect(results.get("fine")).toEqual([spansOf("fine")]);
  });

  it("keeps at most so many characters of highlighted code, the least recently used going first", () => {
    const { client, worker, ask } = setup({ cacheChars: 10 });
    for (const code of ["aaaa", "bbbb"]) {
      ask(code);
      if (code === "aaaa") worker(0).ready();
      worker(0).answer(spansOf(code));
    }
    expect(client.cached("aaaa", "typescript")).toBeDefined();
    ask("cccc");
    worker(0).answer(spansOf("cccc"));
    expect(client.cached("bbbb", "typescript")).toBeUndefined();
    expect(client.cached("aaaa", "typescript")).toBeDefined();
    expect(client.cached("cccc", "typescript")).toBeDefined();
  });
});
