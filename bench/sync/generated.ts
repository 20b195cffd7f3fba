import { restore } from "../../src/core/codec/index.ts";
import type { Session } from "../../src/core/session.ts";
import type { SessionSource } from "../../src/persistence/repository.ts";
import { generateSession } from "../data/sessions.ts";

/** Generated conversations (the bench's realistic Markdown) as the app holds them. */
export function benchSessions(tag: string, count: number, messages: number): Session[] {
  return Array.from({ length: count }, (_, i) => benchSession(tag, count, messages, i));
}

/**
 * The same conversations made one at a time on every pass, so an import into IndexedDB never
 * holds them all in memory (as a person's stored conversations are not).
 */
export function benchSessionSource(tag: string, count: number, messages: number): SessionSource {
  return {
    length: count,
    *[Symbol.iterator]() {
      for (let i = 0; i < count; i++) yield benchSession(tag, count, messages, i);
    },
  };
}

function benchSession(tag: string, count: number, messages: number, i: number): Session {
  const restored = restore(generateSession({ tag, count, messages }, i));
  if (!restored.ok) throw new Error(`generated session: ${JSON.stringify(restored.error)}`);
  return restored.session;
}
