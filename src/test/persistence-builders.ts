import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import type { SessionChange } from "../persistence/repository.ts";

const T0 = Date.parse("2026-11-29T10:00:00.000Z");

export function hexId(n: number): string {
  return n.toString(16).padStart(12, "0");
}

export function message(n: number, patch: Partial<Message> = {}): Message {
  return {
    id: `m${n}`,
    role: n % 2 === 0 ? "user" : "assistant",
    content: `message number ${n}`,
    createdAt: new Date(T0 + n * 1000).toISOString(),
    ...(n % 2 === 1 ? { agent: "Assistant", model: "demo", status: "complete" as const } : {}),
    ...patch,
  };
}

export function messages(count: number, from = 0): Message[] {
  return Array.from({ length: count }, (_, i) => message(from + i));
}

export function session(n: number, count = 0, patch: Partial<Session> = {}): Session {
  return {
    id: hexId(n),
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0 + count * 1000).toISOString(),
    title: `Conversation ${n}`,
    metadata: {},
    state: {},
    messages: messages(count),
    revision: count,
    ...patch,
  };
}

/** `session` with `extra` appended as one committed change. */
export function appended(s: Session, ...extra: Message[]): Session {
  return { ...s, messages: [...s.messages, ...extra], revision: s.revision + 1 };
}

/** What `appended(s, ...extra)` changed, as the session cache tells the repository. */
export function appendChange(s: Session, ...extra: Message[]): SessionChange {
  return { kind: "append", messages: extra, base: s.revision };
}

/** A change of the title, metadata or state of `s`, as the session cache tells the repository. */
export function headChange(s: Session): SessionChange {
  return { kind: "head", base: s.revision };
}

/** A session not made from one the repository gave: written whole. */
export const WHOLE: SessionChange = { kind: "whole" };
