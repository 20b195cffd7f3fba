import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AT,
  build,
  conversation,
  cost,
  mayBeginAt,
  neverSent,
} from "../../test/fit-arbitraries.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { FIT_MARGIN, type FitInput, fitRequest } from "./fit-request.ts";

const inputs = fc.record({
  spec: conversation,
  window: fc.integer({ min: 50, max: 4000 }),
  reserve: fc.integer({ min: 0, max: 1000 }),
  tighter: fc.boolean(),
  next: fc.option(cost, { nil: undefined }),
  system: fc.string({ maxLength: 40 }),
});

describe("fitRequest, for any conversation", () => {
  it("sends the newest message and a suffix of whole turns that fits, and changes nothing", () => {
    const seen = { cut: 0, whole: 0, refused: 0 };
    fc.assert(
      fc.property(inputs, ({ spec, window, reserve, tighter, next, system }) => {
        const { path, costs } = build(spec);
        const nextMessage: Message | undefined =
          next === undefined
            ? undefined
            : { id: "new", role: "user", content: "new", createdAt: AT };
        if (nextMessage) costs.set("new", next ?? 0);
        const costOf = (m: Message) => (neverSent(m) ? 0 : (costs.get(m.id) ?? 0));
        const before = structuredClone(path);
        for (const m of path) Object.freeze(m);
        const input: FitInput = {
          system,
          path: Object.freeze([...path]),
          window,
          reserve,
          mode: tighter ? "tighter" : "normal",
          sizes: fakeSizes((m) => costs.get(m.id) ?? 0),
          ...(nextMessage ? { next: nextMessage } : {}),
        };
        const result = fitRequest(input);
        expect(path).toEqual(before);

        const budget = window - reserve - Math.ceil(window * FIT_MARGIN[input.mode ?? "normal"]);
        const fixed = (system.trim() === "" ? 0 : 4 + system.length) + 3;
        const lastUser = path.findLastIndex((m, i) => mayBeginAt(path, i) && m.role === "user");
        const mandatoryFrom = nextMessage ? path.length : Math.max(0, lastUser);
        const mandatory =
          (nextMessage ? (next ?? 0) : 0) +
          path.slice(mandatoryFrom).reduce((n, m) => n + costOf(m), 0);
        if (!result.ok) {
          seen.refused++;
          if (result.error.code === "window_too_small")
            expect(fixed).toBeGreaterThanOrEqual(budget);
          else expect(fixed + mandatory).toBeGreaterThan(budget);
          return;
        }
        const fit = result.value;
        if (fit.omitted > 0) seen.cut++;
        else seen.whole++;
        const sent = nextMessage ? fit.messages.slice(0, -1) : fit.messages;
        if (nextMessage) expect(fit.messages.at(-1)).toBe(nextMessage);
        expect(sent).toEqual(path.slice(fit.omitted));
        expect(fit.omitted).toBeLessThanOrEqual(mandatoryFrom);
        expect(mayBeginAt(path, fit.omitted)).toBe(true);
        const sentCalls = new Set(sent.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
        const sentResults = new Set(sent.flatMap((m) => (m.toolCallId ? [m.toolCallId] : [])));
        for (const m of path)
          if (m.toolCallId !== undefined)
            expect(sentCalls.has(m.toolCallId)).toBe(sentResults.has(m.toolCallId));
        expect(fit.firstSentId).toBe(path[fit.omitted]?.id ?? null);

        const tokens = fixed + sent.reduce((n, m) => n + costOf(m), 0) + (next ?? 0);
        expect(fit.tokens).toBe(tokens);
        expect(tokens).toBeLessThanOrEqual(budget);
        const earlier = [...path.keys()]
          .filter((q) => q < fit.omitted && mayBeginAt(path, q))
          .at(-1);
        if (earlier !== undefined) {
          const longer =
            tokens + path.slice(earlier, fit.omitted).reduce((n, m) => n + costOf(m), 0);
          expect(longer).toBeGreaterThan(budget);
        }
      }),
      { numRuns: 500 },
    );
    expect(Math.min(seen.cut, seen.whole, seen.refused)).toBeGreaterThan(20);
  });
});
