import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";

/** A valid session for import and export tests; override any field. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    id: "0123456789ab",
    createdAt: "2026-11-29T10:00:00.000Z",
    updatedAt: "2026-11-29T10:05:00.000Z",
    title: "Arithmetic",
    metadata: { pinned: false },
    state: { name: "Li Ming" },
    messages: [
      buildMessage({ id: "m1", role: "user", content: "What is 2+3?" }),
      buildMessage({
        id: "m2",
        role: "assistant",
        content: "",
        toolCalls: [{ id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' }],
        agent: "Assistant",
        model: "demo",
        status: "complete",
      }),
      buildMessage({ id: "m3", role: "tool", content: "5", toolCallId: "call_1" }),
      buildMessage({
        id: "m4",
        role: "assistant",
        content: "2+3 is **5**.",
        agent: "Assistant",
        model: "demo",
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
        timing: { firstTokenMs: 120, totalMs: 900 },
        status: "complete",
      }),
    ],
    revision: 3,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<Message> & Pick<Message, "id" | "role">): Message {
  return { content: "", createdAt: "2026-11-29T10:01:00.000Z", ...overrides };
}

/** UTF-8 bytes of a string or of a value written as JSON. */
export function bytesOf(value: unknown): Uint8Array {
  return new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
}
