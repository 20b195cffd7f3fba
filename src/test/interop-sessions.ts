import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { buildMessage, buildSession } from "./builders.ts";

const MESSAGE_TIME = "2026-11-29T10:01:00.000Z";

function sampleMessage(fields: Partial<Message> & Pick<Message, "id" | "role">): Message {
  return buildMessage({ content: "", createdAt: MESSAGE_TIME, ...fields });
}

/**
 * A whole conversation for import and export tests: a question, a calculator call and its
 * result, and an answer with usage and timing. Override any field.
 */
export function buildSampleSession(overrides: Partial<Session> = {}): Session {
  return buildSession({
    updatedAt: "2026-11-29T10:05:00.000Z",
    title: "Arithmetic",
    metadata: { pinned: false },
    state: { name: "Li Ming" },
    messages: [
      sampleMessage({ id: "m1", role: "user", content: "What is 2+3?" }),
      sampleMessage({
        id: "m2",
        role: "assistant",
        toolCalls: [{ id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' }],
        agent: "Assistant",
        model: "demo",
        status: "complete",
      }),
      sampleMessage({ id: "m3", role: "tool", content: "5", toolCallId: "call_1" }),
      sampleMessage({
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
  });
}

/** UTF-8 bytes of a string or of a value written as JSON. */
export function bytesOf(value: unknown): Uint8Array {
  return new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
}
