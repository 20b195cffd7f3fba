import { restore } from "../../src/core/codec/index.ts";
import type { Session } from "../../src/core/session.ts";
import { generateSession } from "../data/sessions.ts";

/** Generated conversations (the bench's realistic Markdown) as the app holds them. */
export function benchSessions(tag: string, count: number, messages: number): Session[] {
  return Array.from({ length: count }, (_, i) => {
    const restored = restore(generateSession({ tag, count, messages }, i));
    if (!restored.ok) throw new Error(`generated session: ${JSON.stringify(restored.error)}`);
    return restored.session;
  });
}
