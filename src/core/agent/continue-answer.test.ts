import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer, toolCallAnswer, usage } from "../../test/scripted-model.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { AgentEvent } from "../agent-types.ts";
import { canContinue, type Message } from "../message.ts";
import type { ModelEvent } from "../model.ts";
import { continueAnswer } from "./continue-answer.ts";

const agent = buildAgent({ tools: [] });

function cutSession(answer: Partial<Message>) {
  const partial = buildMessage({
    role: "assistant",
    content: "Once upon a ti",
    agent: "Assistant",
    status: "complete",
    notes: ["length_limit"],
    usage: usage(10, 5),
    timing: { firstTokenMs: 40, totalMs: 500 },
    ...answer,
  });
  const session = buildSession({
    messages: [buildMessage({ role: "user", content: "Tell a story" }), partial],
  });
  return { session, partial };
}

describe("continueAnswer", () => {
  it("sends the path ending in the partial answer as an assistant message", async () => {
    const { session } = cutSession({});
    const model = new ScriptedModel([textAnswer("me.")]);
    await continueAnswer(agent, session, { model, ...testEnv() });
    expect(model.requests[0]?.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Tell a story" },
      { role: "assistant", content: "Once upon a ti" },
    ]);
  });

  it("keeps the conversation's settings: its system prompt and sampling go with the continuation", async () => {
    const { session } = cutSession({});
    const model = new ScriptedModel([textAnswer("me.")]);
    await continueAnswer(
      agent,
      { ...session, settings: { systemPrompt: "Speak like a pirate.", temperature: 0.3 } },
      { model, ...testEnv() },
    );
    expect(model.requests[0]?.messages[0]).toEqual({
      role: "system",
      content: "Speak like a pirate.",
    });
    expect(model.requests[0]?.params?.temperature).toBe(0.3);
  });

  it("is fitted into the model's window like a turn: the oldest turns left out, the partial answer last", async () => {
    const { partial } = cutSession({});
    const earlier = Array.from({ length: 10 }, (_, i) => [
      buildMessage({ role: "user", content: `q${i}`.padEnd(100, "q") }),
      buildMessage({ role: "assistant", content: `a${i}`.padEnd(100, "a") }),
    ]).flat();
    const session = buildSession({
      messages: [...earlier, buildMessage({ role: "user", content: "Tell a story" }), partial],
    });
    const model = new ScriptedModel([textAnswer("me.")]);
    const sizes = fakeSizes((m) => m.content.length);
    await continueAnswer(agent, session, {
      model,
      ...testEnv(),
      context: { window: 1000, reserve: 0, sizes },
    });
    const sent = model.requests[0]?.messages ?? [];
    expect(sent.length).toBeLessThan(earlier.length);
    expect(sent[0]).toEqual({ role: "system", content: "Be brief." });
    expect(sent.slice(-2)).toEqual([
      { role: "user", content: "Tell a story" },
      { role: "assistant", content: "Once upon a ti" },
    ]);
  });

  it("appends to the same message without losing or doubling a character at the join", async () => {
    const { session, partial } = cutSession({ content: "一二 👍🏽" });
    const events: AgentEvent[] = [];
    const model = new ScriptedModel([
      [
        { type: "text", delta: " " },
        { type: "text", delta: "三四" },
        { type: "text", delta: "\n\nend." },
        { type: "usage", usage: usage(20, 3) },
        { type: "finish", reason: "stop" },
      ],
    ]);
    const turn = await continueAnswer(agent, session, {
      model,
      ...testEnv(),
      onEvent: (e) => void events.push(e),
    });
    expect(turn.final).toBe("一二 👍🏽 三四\n\nend.");
    expect(turn.messages).toHaveLength(1);
    expect(turn.messages[0]).toMatchObject({
      id: partial.id,
      createdAt: partial.createdAt,
      content: "一二 👍🏽 三四\n\nend.",
      status: "complete",
      usage: { promptTokens: 20, completionTokens: 8, totalTokens: 28 },
    });
    expect(turn.messages[0]?.notes).toBeUndefined();
    expect(turn.messages[0]?.timing?.firstTokenMs).toBe(40);
    const texts = events.filter((e) => e.type === "text");
    expect(texts.every((e) => e.messageId === partial.id)).toBe(true);
    expect(events.filter((e) => e.type === "message")).toHaveLength(1);
  });

  it("keeps the length note when the continuation is cut again, so it can go on once more", async () => {
    const { session } = cutSession({});
    const model = new ScriptedModel([textAnswer("me there", { finish: "length" })]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv() });
    const grown = turn.messages[0];
    expect(grown).toMatchObject({
      content: "Once upon a time there",
      status: "complete",
      notes: ["length_limit"],
    });
    expect(grown && canContinue(grown)).toBe(true);
  });

  it("continues an interrupted answer and clears what the interruption said", async () => {
    const { session } = cutSession({
      status: "interrupted",
      notes: [],
      error: { code: "aborted" },
    });
    const model = new ScriptedModel([textAnswer("me.")]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv() });
    expect(turn.messages[0]).toMatchObject({ content: "Once upon a time.", status: "complete" });
    expect(turn.messages[0]?.error).toBeUndefined();
  });

  it("keeps what arrived when stopped, as an interrupted answer", async () => {
    const { session } = cutSession({});
    const controller = new AbortController();
    async function* stoppedAfterOnePiece(): AsyncIterable<ModelEvent> {
      yield { type: "text", delta: "me, " };
      controller.abort();
      yield { type: "text", delta: "never" };
    }
    const model = new ScriptedModel([stoppedAfterOnePiece]);
    const turn = await continueAnswer(agent, session, {
      model,
      ...testEnv(),
      signal: controller.signal,
    });
    expect(turn.final).toBeNull();
    expect(turn.messages[0]).toMatchObject({
      content: "Once upon a time, ",
      status: "interrupted",
    });
  });

  it("leaves the answer as it was when the model fails before any text", async () => {
    const { session } = cutSession({});
    const model = new ScriptedModel([
      [{ type: "error", error: { code: "http_status", status: 502, detail: "Bad gateway" } }],
    ]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv() });
    expect(turn.messages).toEqual([]);
    expect(turn.steps).toEqual([
      { type: "error", error: { code: "http_status", status: 502, detail: "Bad gateway" } },
    ]);
  });

  it("runs no tool the continuation asks for, keeping its text", async () => {
    const { session } = cutSession({});
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "calculator", arguments: {} }], { text: "me" }),
    ]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv() });
    expect(turn.messages[0]).toMatchObject({ content: "Once upon a time", status: "interrupted" });
    expect(turn.messages[0]?.toolCalls).toBeUndefined();
  });

  it("refuses when the last answer cannot be continued", async () => {
    const { session } = cutSession({ status: "error", notes: [] });
    const model = new ScriptedModel([textAnswer("never")]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv() });
    expect(turn.steps[0]).toMatchObject({ type: "error", error: { code: "no_cut_answer" } });
    expect(model.requests).toEqual([]);
  });
});

describe("canContinue", () => {
  const answer = (m: Partial<Message>) =>
    buildMessage({ role: "assistant", content: "Some text", status: "complete", ...m });
  it("offers to go on after an interruption or the length limit only", () => {
    expect(canContinue(answer({ status: "interrupted" }))).toBe(true);
    expect(canContinue(answer({ notes: ["length_limit"] }))).toBe(true);
    expect(canContinue(answer({}))).toBe(false);
    expect(canContinue(answer({ notes: ["no_finish_reason"] }))).toBe(false);
    expect(
      canContinue(answer({ status: "error", error: { code: "http_status", status: 502 } })),
    ).toBe(false);
    expect(canContinue(answer({ status: "interrupted", content: "" }))).toBe(false);
    expect(
      canContinue(
        answer({ status: "interrupted", toolCalls: [{ id: "c", name: "x", arguments: "{}" }] }),
      ),
    ).toBe(false);
    expect(canContinue(buildMessage({ role: "user", status: "interrupted" }))).toBe(false);
  });
});
