import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { FIT_MARGIN, type FitInput, fitRequest } from "./fit-request.ts";

const AT = "2026-11-29T10:00:00.000Z";
const cost = fc.integer({ min: 1, max: 400 });

/** After a question: an answer, tool calls with their results, a failed answer, or calls whose results an imported user message interrupts. */
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("answer" as const), cost }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("tools" as const),
      cost,
      results: fc.array(cost, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("failed" as const), cost }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("interrupted" as const),
      cost,
      results: fc.array(cost, { minLength: 1, maxLength: 2 }),
    }),
  },
);
const conversation = fc.record({
  system: fc.boolean(),
  turns: fc.array(fc.record({ question: cost, steps: fc.array(step, { maxLength: 3 }) }), {
    maxLength: 12,
  }),
});

type Conversation = typeof conversation extends fc.Arbitrary<infer T> ? T : never;

/** The conversation as messages, with what each one costs. */
function build(spec: Conversation): { path: Message[]; costs: Map<string, number> } {
  const path: Message[] = [];
  const costs = new Map<string, number>();
  const add = (message: Omit<Message, "id" | "createdAt">, tokens: number) => {
    const id = `m${path.length}`;
    costs.set(id, tokens);
    path.push({ id, createdAt: AT, ...message });
    return id;
  };
  if (spec.system) add({ role: "system", content: "Be brief." }, 50);
  for (const turn of spec.turns) {
    add({ role: "user", content: "question" }, turn.question);
    for (const s of turn.steps) {
      if (s.kind === "answer") add({ role: "assistant", content: "answer" }, s.cost);
      if (s.kind === "failed") add({ role: "assistant", content: "", status: "error" }, s.cost);
      if (s.kind === "tools" || s.kind === "interrupted") {
        const calls = s.results.map((_, k) => ({
          id: `c${path.length}_${k}`,
          name: "calc",
          arguments: "{}",
        }));
        add({ role: "assistant", content: "", toolCalls: calls }, s.cost);
        if (s.kind === "interrupted") add({ role: "user", content: "imported" }, 5);
        calls.forEach((call, k) => {
          add({ role: "tool", content: "result", toolCallId: call.id }, s.results[k] ?? 1);
        });
      }
    }
  }
  return { path, costs };
}

/** A request may begin at `q` (or send nothing of the path) when no tool result at or after it answers a call before it. */
function mayBeginAt(path: readonly Message[], q: number): boolean {
  if (q === 0 || q === path.length) return true;
  if (path[q]?.role !== "user") return false;
  const before = new Set(path.slice(0, q).flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
  return !path.slice(q).some((m) => m.toolCallId !== undefined && before.has(m.toolCallId));
}

const neverSent = (m: Message) =>
  m.role === "system" || (m.role === "assistant" && m.content === "" && !m.toolCalls?.length);

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
