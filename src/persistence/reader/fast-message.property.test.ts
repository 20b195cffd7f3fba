import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS, restoreMessage, snapshotMessage } from "../../core/codec/index.ts";
import { message } from "../../test/persistence-builders.ts";
import { fastMessage } from "./fast-message.ts";

/** Values a stored field may hold: right ones of every kind, and wrong ones. */
const anyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.constantFrom("system", "user", "assistant", "tool", "robot", "complete", "error"),
  fc.constantFrom(
    "2026-11-29T10:00:00.000Z",
    "2026-11-29T11:00:00+01:00",
    "2026-13-45T10:00:00.000Z",
  ),
  fc.constant("x".repeat(LIMITS.messageId + 1)),
  fc.array(fc.integer(), { maxLength: 2 }),
);

const toolCall = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 6 }), anyValue),
    name: fc.oneof(fc.string(), anyValue),
    arguments: fc.oneof(fc.json(), anyValue),
  },
  { requiredKeys: [] },
);

const fields = [
  "id",
  "role",
  "content",
  "created_at",
  "tool_calls",
  "tool_call_id",
  "agent",
  "model",
  "usage",
  "timing",
  "status",
  "notes",
  "error",
  "is_error",
  "extra",
] as const;

const fieldValue = fc.oneof(
  anyValue,
  fc.array(toolCall, { maxLength: 2 }),
  fc.record({ prompt_tokens: anyValue, completion_tokens: anyValue, total_tokens: anyValue }),
  fc.record({ first_token_ms: anyValue, total_ms: anyValue }),
  fc.array(fc.constantFrom("no_finish_reason", "later"), { maxLength: 2 }),
);

/** A stored message: the codec's own shape, with up to two fields missing, wrong or added. */
const storedMessage = fc
  .tuple(
    fc.nat({ max: 1000 }),
    fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 2 }),
  )
  .map(([n, damage]) => {
    const disk: Record<string, unknown> = { ...snapshotMessage(message(n)) };
    for (const [key, value] of Object.entries(damage)) {
      if (value === undefined) delete disk[key];
      else disk[key] = value;
    }
    return disk;
  });

describe("fastMessage agrees with the codec's zod schema", () => {
  it("on stored messages, whole or damaged: it reads only what the codec reads, as the codec does", () => {
    let read = 0;
    fc.assert(
      fc.property(storedMessage, (raw) => {
        const fast = fastMessage(raw);
        if (fast === undefined) return;
        read++;
        const codec = restoreMessage(raw);
        expect(codec.ok).toBe(true);
        expect(fast).toEqual(codec.ok ? codec.message : undefined);
      }),
      { numRuns: 2000 },
    );
    expect(read).toBeGreaterThan(200);
  });

  it("on anything at all: never reads what the codec refuses", () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        if (fastMessage(raw) !== undefined) expect(restoreMessage(raw).ok).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads every message the codec writes (so the fast path is taken)", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1000 }), (n) => {
        expect(fastMessage(snapshotMessage(message(n)))).toEqual(message(n));
      }),
    );
  });
});
