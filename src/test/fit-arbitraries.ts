import fc from "fast-check";
import type { Message } from "../core/message.ts";

/** Generators of conversations for the property tests of fitting, with what each message costs. */
export const AT = "2026-11-29T10:00:00.000Z";
export const cost = fc.integer({ min: 1, max: 400 });

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
export const conversation = fc.record({
  system: fc.boolean(),
  turns: fc.array(fc.record({ question: cost, steps: fc.array(step, { maxLength: 3 }) }), {
    maxLength: 12,
  }),
});

export type Conversation = typeof conversation extends fc.Arbitrary<infer T> ? T : never;

/** The conversation as messages, with what each one costs. */
export function build(spec: Conversation): { path: Message[]; costs: Map<string, number> } {
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
export function mayBeginAt(path: readonly Message[], q: number): boolean {
  if (q === 0 || q === path.length) return true;
  if (path[q]?.role !== "user") return false;
  const before = new Set(path.slice(0, q).flatMap((m) => (m.toolCalls ?? []).map((c) => c.id)));
  return !path.slice(q).some((m) => m.toolCallId !== undefined && before.has(m.toolCallId));
}

export const neverSent = (m: Message) =>
  m.role === "system" || (m.role === "assistant" && m.content === "" && !m.toolCalls?.length);
