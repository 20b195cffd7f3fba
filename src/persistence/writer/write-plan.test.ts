import { describe, expect, it } from "vitest";
import { appended, message, session } from "../../test/persistence-builders.ts";
import { CHUNK_SIZE } from "../layout/records.ts";
import { planSessionWrite } from "./write-plan.ts";

const keysOf = (ops: ReturnType<typeof planSessionWrite>) =>
  ops.map((op) =>
    op.type === "deleteRange" ? `delete ${op.bounds.lower}…` : `${op.type} ${op.key}`,
  );

describe("planSessionWrite", () => {
  it("writes every chunk of a session it knows nothing about, and clears any beyond", () => {
    const s = session(1, CHUNK_SIZE + 1);
    expect(keysOf(planSessionWrite(s, undefined))).toEqual([
      `put s:${s.id}`,
      `put h:${s.id}`,
      `put m:${s.id}:000000`,
      `put m:${s.id}:000001`,
      `delete m:${s.id}:000002…`,
    ]);
  });

  it("rewrites only the chunk an appended message lands in", () => {
    const s = session(1, CHUNK_SIZE * 100 + 3);
    const next = appended(s, message(9999));
    expect(keysOf(planSessionWrite(next, s.messages))).toEqual([
      `put s:${s.id}`,
      `put h:${s.id}`,
      `put m:${s.id}:000100`,
    ]);
  });

  it("rewrites the chunk of an edited message and every chunk after a deletion", () => {
    const s = session(1, CHUNK_SIZE * 3);
    const edited = s.messages.slice();
    edited[CHUNK_SIZE] = { ...message(CHUNK_SIZE), content: "edited" };
    expect(keysOf(planSessionWrite({ ...s, messages: edited }, s.messages)).slice(2)).toEqual([
      `put m:${s.id}:000001`,
    ]);
    const shorter = [...s.messages.slice(0, 3), ...s.messages.slice(4)];
    expect(keysOf(planSessionWrite({ ...s, messages: shorter }, s.messages)).slice(2)).toEqual([
      `put m:${s.id}:000000`,
      `put m:${s.id}:000001`,
      `put m:${s.id}:000002`,
    ]);
  });
});
