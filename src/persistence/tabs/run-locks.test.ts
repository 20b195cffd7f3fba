import { afterEach, describe, expect, it } from "vitest";
import { createTestClock } from "../../test/clock.ts";
import { FakeLockRegistry } from "../../test/fake-locks.ts";
import { manualTimers } from "../../test/manual-timers.ts";
import type { Timers } from "../writer/write-queue.ts";
import { TabRunLocks } from "./run-locks.ts";

const open: TabRunLocks[] = [];
afterEach(() => {
  for (const t of open.splice(0)) t.close();
});

let channelName = 0;
function channelFor(n: number): () => BroadcastChannel {
  return () => new BroadcastChannel(`runs-test-${n}`);
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function tabs(count: number, make: (i: number) => TabRunLocks): TabRunLocks[] {
  const out = Array.from({ length: count }, (_, i) => make(i));
  open.push(...out);
  return out;
}

function watch(t: TabRunLocks): { now: () => string[] } {
  let seen: string[] = [];
  t.subscribe((s) => {
    seen = [...s].sort();
  });
  return { now: () => seen };
}

describe("TabRunLocks with Web Locks", () => {
  it("lets one tab generate in a session and shows it generating in the other", async () => {
    const registry = new FakeLockRegistry();
    channelName += 1;
    const channel = channelFor(channelName);
    const [a, b] = tabs(2, () => new TabRunLocks({ locks: registry.tab(), channel: channel() }));
    if (!a || !b) throw new Error("unreachable");
    const seenByB = watch(b);
    const claim = await a.claim("s1");
    expect(claim).toBeDefined();
    await tick();
    expect(seenByB.now()).toEqual(["s1"]);
    expect(await b.claim("s1")).toBeUndefined();
    expect(await b.claim("s2")).toBeDefined();
    claim?.release();
    await tick();
    expect(seenByB.now()).toEqual([]);
    expect(await b.claim("s1")).toBeDefined();
  });

  it("a tab that closes or crashes mid-run frees its sessions", async () => {
    const registry = new FakeLockRegistry();
    channelName += 1;
    const channel = channelFor(channelName);
    const locksOfA = registry.tab();
    const [a, b] = tabs(
      2,
      (i) => new TabRunLocks({ locks: i === 0 ? locksOfA : registry.tab(), channel: channel() }),
    );
    if (!a || !b) throw new Error("unreachable");
    const seenByB = watch(b);
    await a.claim("s1");
    await tick();
    expect(seenByB.now()).toEqual(["s1"]);
    locksOfA.crash();
    await tick();
    expect(seenByB.now()).toEqual([]);
  });

  it("a tab opened during a run learns of it from the held locks", async () => {
    const registry = new FakeLockRegistry();
    const a = new TabRunLocks({ locks: registry.tab() });
    open.push(a);
    await a.claim("s1");
    const late = new TabRunLocks({ locks: registry.tab() });
    open.push(late);
    const seen = watch(late);
    await tick();
    expect(seen.now()).toEqual(["s1"]);
  });
});

describe("TabRunLocks without Web Locks", () => {
  const start = Date.now();
  const fast: Timers = {
    now: () => (Date.now() - start) * 20,
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms / 20),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };

  it("announces runs over the channel and refuses a second run", async () => {
    channelName += 1;
    const channel = channelFor(channelName);
    const [a, b] = tabs(2, () => new TabRunLocks({ channel: channel(), timers: fast }));
    if (!a || !b) throw new Error("unreachable");
    const seenByB = watch(b);
    const claim = await a.claim("s1");
    await tick();
    expect(seenByB.now()).toEqual(["s1"]);
    expect(await b.claim("s1")).toBeUndefined();
    claim?.release();
    await tick();
    expect(seenByB.now()).toEqual([]);
  });

  it("forgets a run whose tab stopped beating (it crashed)", async () => {
    channelName += 1;
    const channel = channelFor(channelName);
    const crashing = channel();
    let alive = true;
    // One test clock for both tabs, moved by hand: with real timers a loaded machine delayed the
    // heartbeats past the expiry, and the run was forgotten while its tab still beat.
    const timers = manualTimers(createTestClock(0));
    const a = new TabRunLocks({
      timers,
      channel: {
        postMessage: (m) => alive && crashing.postMessage(m),
        addEventListener: (type, l) => crashing.addEventListener(type, l),
        close: () => crashing.close(),
      },
    });
    const b = new TabRunLocks({ channel: channel(), timers });
    open.push(a, b);
    const seenByB = watch(b);
    await a.claim("s1");
    await tick();
    expect(seenByB.now()).toEqual(["s1"]);
    /** A second of each tab's time, then a turn of the event loop for the beats to arrive. */
    const seconds = async (n: number) => {
      for (let i = 0; i < n; i++) {
        timers.advance(1_000);
        await tick();
      }
    };
    await seconds(6);
    expect(seenByB.now()).toEqual(["s1"]);
    alive = false;
    await seconds(6);
    expect(seenByB.now()).toEqual([]);
  });

  it("a tab opened during a run asks who is running", async () => {
    channelName += 1;
    const channel = channelFor(channelName);
    const a = new TabRunLocks({ channel: channel(), timers: fast });
    open.push(a);
    await a.claim("s1");
    const late = new TabRunLocks({ channel: channel(), timers: fast });
    open.push(late);
    const seen = watch(late);
    await tick();
    expect(seen.now()).toEqual(["s1"]);
  });
});
