import { describe, expect, it } from "vitest";
import type { Message } from "../message.ts";
import { restoreMessage, snapshotMessage } from "./index.ts";

const failed = (error: Message["error"]): Message => ({
  id: "a1",
  role: "assistant",
  content: "Part",
  createdAt: "2026-11-29T10:00:01.000Z",
  status: "error",
  ...(error ? { error } : {}),
});

const restored = (disk: unknown) => {
  const result = restoreMessage(disk);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.message;
};

describe("a failed answer's error on disk", () => {
  it("is stored as its code, its facts and the proxy's verbatim detail, and read back whole", () => {
    const message = failed({
      code: "length_in_tool_call",
      tools: ["state_set"],
      status: 200,
      detail: "upstream: finish_reason=length",
    });
    const disk = snapshotMessage(message);
    expect(disk).toMatchObject({
      error_code: "length_in_tool_call",
      error_params: { status: 200, tools: ["state_set"] },
      error: "upstream: finish_reason=length",
    });
    expect(restored(disk)).toEqual(message);
    const limit = failed({ code: "step_limit", agent: "Planner", maxSteps: 4 });
    expect(snapshotMessage(limit)).toMatchObject({
      error_code: "step_limit",
      error_params: { agent: "Planner", max_steps: 4 },
    });
    expect(snapshotMessage(limit).error).toBeUndefined();
    expect(restored(snapshotMessage(limit))).toEqual(limit);
  });

  it("reads a record from before error codes, its English sentence as the detail, and writes it back unchanged", () => {
    const old = {
      id: "a1",
      role: "assistant",
      content: "",
      created_at: "2026-11-29T10:00:01.000Z",
      status: "error",
      error: "The model proxy failed (502). Try again in a moment.",
    };
    const message = restored(old);
    expect(message.error).toEqual({ detail: old.error });
    expect(snapshotMessage(message)).toEqual(old);
  });

  it("drops a code or cause this version does not know, keeping the detail", () => {
    const disk = {
      ...snapshotMessage(failed({ code: "context_full", cause: "window_too_small", detail: "d" })),
    };
    const newer = {
      ...disk,
      error_code: "from_the_future",
      error_params: { cause: "also_new", status: 500 },
    };
    expect(restored(newer).error).toEqual({ status: 500, detail: "d" });
  });

  it("refuses facts of the wrong type with their path", () => {
    const disk = { ...snapshotMessage(failed({ code: "http_status", status: 502 })) };
    const bad = restoreMessage({ ...disk, error_params: { status: "502" } });
    expect(!bad.ok && bad.error.path).toBe("$.error_params.status");
  });
});
