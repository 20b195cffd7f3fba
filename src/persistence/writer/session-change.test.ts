import { describe, expect, it } from "vitest";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { foldTouched, touchedBy, touchedChunks } from "./session-change.ts";

const CHUNK = 16;
const chunksOf = (test: (n: number) => boolean, count: number) =>
  Array.from({ length: count }, (_, n) => n).filter(test);

describe("what a change touched", () => {
  it("an append touches the positions of its messages; a head change none; whole everything", () => {
    const s = session(1, 40);
    const next = appended(s, message(40), message(41));
    const append = touchedBy({ kind: "append", messages: next.messages.slice(40), base: 40 }, next);
    expect(append).toMatchObject({ base: 40, whole: false, from: 40 });
    expect(touchedBy({ kind: "head", base: 40 }, s)).toMatchObject({
      from: Infinity,
      whole: false,
    });
    expect(touchedBy({ kind: "whole" }, s)).toMatchObject({ base: undefined, whole: true });
  });

  it("chunks: those from the first touched position, and those holding a replaced message", () => {
    const s = session(1, 60);
    const rewrite = touchedBy({ kind: "rewrite", from: 33, base: 60 }, s);
    expect(chunksOf(touchedChunks(rewrite, s.messages, 60, CHUNK), 4)).toEqual([2, 3]);
    const replace = touchedBy({ kind: "replace", messageIds: ["m5", "m50"], base: 60 }, s);
    expect(chunksOf(touchedChunks(replace, s.messages, 60, CHUNK), 4)).toEqual([0, 3]);
    const head = touchedBy({ kind: "head", base: 60 }, s);
    expect(chunksOf(touchedChunks(head, s.messages, 60, CHUNK), 4)).toEqual([]);
  });

  it("a message count the change does not account for writes from where the counts differ", () => {
    const s = session(1, 40);
    const head = touchedBy({ kind: "head", base: 41 }, s);
    expect(chunksOf(touchedChunks(head, s.messages, 50, CHUNK), 4)).toEqual([2, 3]);
  });

  it("folds keep the first base when the next change was made from the first one's session", () => {
    const s = session(1, 40);
    const first = appended(s, message(40));
    const a = touchedBy({ kind: "append", messages: [message(40)], base: 40 }, first);
    const b = touchedBy({ kind: "replace", messageIds: ["m3"], base: first.revision }, first);
    expect(foldTouched(a, first, b)).toMatchObject({ base: 40, from: 40, ids: new Set(["m3"]) });
    const stray = touchedBy({ kind: "head", base: 7 }, first);
    expect(foldTouched(a, first, stray).base).toBeUndefined();
  });
});
