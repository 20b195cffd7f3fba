import { describe, expect, it } from "vitest";
import { buildAgent, buildSession, testEnv } from "../../test/builders.ts";
import { createTestClock } from "../../test/clock.ts";
import { ScriptedModel, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { findMessageProblem } from "../codec/readable.ts";
import type { ModelEvent } from "../model.ts";
import { runTurn } from "./run-turn.ts";

/** Every message a turn produced reads back through the codec. */
const allReadBack = (messages: Parameters<typeof findMessageProblem>[0][]) =>
  messages.map((m) => findMessageProblem(m)).filter((p) => p !== undefined);

describe("what a turn produces always reads back", () => {
  it("times never go below zero when the wall clock steps back", async () => {
    const env = testEnv();
    const clock = createTestClock(Date.UTC(2026, 10, 29), -50);
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "1+1" } }]),
      textAnswer("two"),
    ]);
    const result = await runTurn(buildAgent(), buildSession(), "sum", { ...env, clock, model });
    expect(result.final).toBe("two");
    expect(allReadBack(result.messages)).toEqual([]);
    for (const m of result.messages)
      if (m.timing) expect(m.timing.totalMs).toBeGreaterThanOrEqual(0);
  });

  it("a tool call the codec could not store ends the turn with an error instead of bricking it", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "", arguments: {} }]),
      toolCallAnswer([{ id: "x".repeat(201), name: "calculator", arguments: {} }]),
    ]);
    for (const _ of [1, 2]) {
      const result = await runTurn(buildAgent(), buildSession(), "go", { ...env, model });
      expect(result.final).toBeNull();
      expect(result.messages.at(-1)).toMatchObject({
        role: "assistant",
        status: "error",
        error: { code: "unstorable_tool_call" },
      });
      expect(result.messages.some((m) => m.role === "tool")).toBe(false);
      expect(allReadBack(result.messages)).toEqual([]);
    }
  });

  it("a very long error text and an answer over the content limit are cut, and say so", async () => {
    const env = testEnv();
    const huge: ModelEvent[] = [
      { type: "text", delta: "y".repeat(1_000_005) },
      { type: "finish", reason: "stop" },
    ];
    const noisy: ModelEvent[] = [
      { type: "error", error: { code: "http_status", status: 500, detail: "e".repeat(20_000) } },
    ];
    const model = new ScriptedModel([huge, noisy]);
    const long = await runTurn(buildAgent(), buildSession(), "go", { ...env, model });
    expect(long.messages.at(-1)).toMatchObject({
      status: "error",
      error: { code: "answer_too_long", limit: 1_000_000 },
    });
    expect(allReadBack(long.messages)).toEqual([]);
    const failed = await runTurn(buildAgent(), buildSession(), "go", { ...env, model });
    expect(failed.messages.at(-1)?.error?.detail?.length).toBe(10_000);
    expect(allReadBack(failed.messages)).toEqual([]);
  });
});
