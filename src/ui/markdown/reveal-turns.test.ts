import { describe, expect, it } from "vitest";
import { RevealTurns } from "./reveal-turns.ts";

function setup() {
  const frames: (() => void)[] = [];
  const turns = new RevealTurns((fn) => frames.push(fn));
  const paint = () => frames.shift()?.();
  return { turns, frames, paint };
}

describe("RevealTurns", () => {
  it("gives one turn per painted frame, in the order asked", () => {
    const { turns, frames, paint } = setup();
    const ran: string[] = [];
    turns.request(() => ran.push("a"));
    turns.request(() => ran.push("b"));
    expect(ran).toEqual([]);
    expect(frames).toHaveLength(1);
    paint();
    expect(ran).toEqual(["a"]);
    paint();
    expect(ran).toEqual(["a", "b"]);
    expect(frames).toHaveLength(0);
  });

  it("skips a turn given up before it came", () => {
    const { turns, paint } = setup();
    const ran: string[] = [];
    const cancel = turns.request(() => ran.push("gone"));
    turns.request(() => ran.push("kept"));
    cancel();
    paint();
    expect(ran).toEqual(["kept"]);
  });

  it("takes a turn asked for during a turn after the next frame", () => {
    const { turns, frames, paint } = setup();
    const ran: string[] = [];
    turns.request(() => {
      ran.push("first");
      turns.request(() => ran.push("again"));
    });
    paint();
    expect(ran).toEqual(["first"]);
    expect(frames).toHaveLength(1);
    paint();
    expect(ran).toEqual(["first", "again"]);
  });
});

describe("RevealTurns.claim", () => {
  it("shares an allowance of ops among the blocks of one task, and renews it for the next", async () => {
    const turns = new RevealTurns(() => undefined, 100);
    expect(turns.claim(60)).toBe(true);
    expect(turns.claim(60)).toBe(false);
    expect(turns.claim(40)).toBe(true);
    await Promise.resolve();
    expect(turns.claim(100)).toBe(true);
  });
});
