import fc from "fast-check";
import type { Message } from "../core/message.ts";
import { append, type Session } from "../core/session.ts";
import { showLeaf } from "../core/session-ops.ts";
import { buildSession, testEnv } from "./builders.ts";

/** One step of growing a tree: add a message below the visible leaf, or first show another leaf. */
export type TreeStep = { kind: "append"; content: string } | { kind: "show"; pick: number };

export const treeSteps = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant("append" as const), content: fc.string() }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("show" as const), pick: fc.nat() }) },
  ),
  { maxLength: 40 },
);

/**
 * Grows a session by `steps`, the way Parley's services do (append, or show a leaf first, `null`
 * among the choices), and records the leaf each message was added under.
 */
export function growTree(steps: readonly TreeStep[]): {
  session: Session;
  addedUnder: Map<string, string | null>;
} {
  const env = testEnv();
  let session = buildSession();
  const addedUnder = new Map<string, string | null>();
  let n = 0;
  for (const step of steps) {
    if (step.kind === "show") {
      const ids = [null, ...session.messages.map((m) => m.id)];
      session = showLeaf(session, ids[step.pick % ids.length] ?? null, env);
      continue;
    }
    const shown =
      session.leafId === undefined ? (session.messages.at(-1)?.id ?? null) : session.leafId;
    n++;
    const message: Message = {
      id: `t${String(n).padStart(5, "0")}`,
      role: n % 2 === 0 ? "assistant" : "user",
      content: step.content,
      createdAt: new Date(Date.UTC(2026, 10, 29, 10, 0, n)).toISOString(),
    };
    addedUnder.set(message.id, shown);
    session = append(session, [message], env);
  }
  return { session, addedUnder };
}
