import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserFrames } from "./ports.ts";

/** Animation frames that come only when the test paints. */
function stubFrames() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let next = 0;
  vi.stubGlobal("requestAnimationFrame", (fn: FrameRequestCallback) => {
    next += 1;
    callbacks.set(next, fn);
    return next;
  });
  vi.stubGlobal("cancelAnimationFrame", (id: number) => callbacks.delete(id));
  return () => {
    const due = [...callbacks.values()];
    callbacks.clear();
    for (const fn of due) fn(0);
  };
}

describe("browserFrames", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("runs a callback in the first frame after the wait it asked for, once", () => {
    const paint = stubFrames();
    const ran: string[] = [];
    browserFrames.request(() => ran.push("later"), 80);
    paint();
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(80);
    expect(ran).toEqual([]);
    paint();
    expect(ran).toEqual(["later"]);
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual(["later"]);
  });

  it("runs at the next frame without a wait, and without frames (a hidden tab) after 100 ms", () => {
    const paint = stubFrames();
    const ran: string[] = [];
    browserFrames.request(() => ran.push("now"));
    paint();
    browserFrames.request(() => ran.push("hidden"), -20);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(["now", "hidden"]);
  });

  it("cancels a callback still waiting for its timer or for its frame", () => {
    const paint = stubFrames();
    const ran: string[] = [];
    browserFrames.cancel(browserFrames.request(() => ran.push("timer"), 50));
    const framed = browserFrames.request(() => ran.push("frame"), 50);
    vi.advanceTimersByTime(50);
    browserFrames.cancel(framed);
    paint();
    vi.advanceTimersByTime(500);
    expect(ran).toEqual([]);
  });
});
