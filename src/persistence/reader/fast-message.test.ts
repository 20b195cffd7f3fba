import { describe, expect, it } from "vitest";
import { restoreMessage, snapshotMessage } from "../../core/codec/index.ts";
import type { Message } from "../../core/message.ts";
import { message } from "../../test/persistence-builders.ts";
import { fastMessage } from "./fast-message.ts";

const shapes: Message[] = [
  message(0),
  message(1),
  message(2, {
    role: "assistant",
    content: "",
    toolCalls: [
      { id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' },
      { id: "call_2", name: "state_set", arguments: "{}" },
    ],
    usage: { promptTokens: 0, completionTokens: 5, totalTokens: 5 },
    timing: { totalMs: 12.5 },
  }),
  message(3, { role: "tool", toolCallId: "call_1", content: "5", isError: false }),
  message(4, { role: "tool", toolCallId: "call_2", content: '{"error":"x"}', isError: true }),
  message(5, {
    status: "error",
    error: { detail: "The proxy answered 502." },
    timing: { firstTokenMs: 0, totalMs: 9 },
  }),
  message(6, { role: "system", content: "You are helpful." }),
  message(7, {
    role: "assistant",
    content: "done",
    status: "complete",
    notes: ["no_finish_reason"],
  }),
];

describe("fastMessage", () => {
  it("gives what the codec gives for every shape the codec writes", () => {
    for (const m of shapes) {
      const disk = snapshotMessage(m);
      const codec = restoreMessage(disk);
      expect(codec.ok).toBe(true);
      expect(fastMessage(disk)).toEqual(codec.ok ? codec.message : undefined);
      expect(fastMessage(disk)).toEqual(m);
    }
  });

  it("keeps the notes it knows and drops a newer version's, as the codec does", () => {
    const disk = { ...snapshotMessage(message(8)), notes: ["no_finish_reason", "from_the_future"] };
    const codec = restoreMessage(disk);
    expect(codec.ok && codec.message.notes).toEqual(["no_finish_reason"]);
    expect(fastMessage(disk)?.notes).toEqual(["no_finish_reason"]);
  });

  it("leaves anything unusual to the codec, which rejects or accepts it with a reason", () => {
    const base = snapshotMessage(message(1)) as unknown as Record<string, unknown>;
    const odd: Record<string, unknown>[] = [
      { ...base, role: "robot" },
      { ...base, id: "" },
      { ...base, id: "x".repeat(101) },
      { ...base, content: null },
      { ...base, created_at: "2026-13-45T10:00:00.000Z" },
      { ...base, created_at: "2026-11-29T11:00:00+01:00" },
      { ...base, tool_calls: [{ id: "c", name: "", arguments: "{}" }] },
      { ...base, usage: { prompt_tokens: -1, completion_tokens: 0, total_tokens: 0 } },
      { ...base, usage: { prompt_tokens: 1.5, completion_tokens: 0, total_tokens: 0 } },
      { ...base, timing: { total_ms: Number.NaN } },
      { ...base, status: "done" },
      { ...base, is_error: "yes" },
      { ...base, agent: null },
      { ...base, error_code: "http_status", error_params: { status: 502 } },
    ];
    for (const raw of odd) {
      expect(fastMessage(raw)).toBeUndefined();
    }
    expect(restoreMessage(odd[5]).ok).toBe(true);
    expect(restoreMessage(odd[0]).ok).toBe(false);
  });
});
