import { describe, expect, it } from "vitest";
import { buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer, toolCallAnswer, usage } from "../../test/scripted-model.ts";
import type { AgentConfig, AgentEvent, TurnResult } from "../agent-types.ts";
import { assistantAgent } from "../agents.ts";
import { restore } from "../codec/restore.ts";
import { snapshot } from "../codec/snapshot.ts";
import type { Clock } from "../env.ts";
import { append, createSession, type Session } from "../session.ts";
import { runTurn } from "./run-turn.ts";

/** The session with a turn's messages and state, as the run coordinator commits them. */
function committed(session: Session, turn: TurnResult, env: { clock: Clock }): Session {
  return { ...append(session, turn.messages, env), state: turn.state };
}

const agent: AgentConfig = {
  name: "Assistant",
  instructions: "You are a careful assistant. Use the calculator for arithmetic.",
  model: "demo",
  tools: ["calculator", "state_get", "state_set", "state_delete", "current_time"],
  maxSteps: 8,
};

describe("the source design's run", () => {
  it("keeps two sessions apart across turns and survives snapshot/restore", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "call_1", name: "calculator", arguments: { expression: "2+3" } }]),
      toolCallAnswer([{ id: "call_2", name: "calculator", arguments: { expression: "5*4" } }]),
      textAnswer("结果是 20", { usage: usage(40, 6) }),
      textAnswer("30"),
      textAnswer("你好"),
    ]);
    const ctx = { model, ...env };

    let a = createSession(env);
    const { id: aId, createdAt: aCreatedAt } = a;
    const one = await runTurn(agent, a, "先算 2+3，再把结果乘 4", ctx);
    a = committed(a, one, env);
    expect(a.messages).toHaveLength(7);
    expect(one.final).toContain("20");
    expect(a.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(a.messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual(["5", "20"]);
    expect(one.steps.map((s) => s.type)).toEqual(["tool_call", "tool_call", "final"]);

    const two = await runTurn(agent, a, "再加 10 是多少", ctx);
    a = committed(a, two, env);
    expect(a.messages).toHaveLength(9);
    expect(two.final).toBe("30");
    expect(a.id).toBe(aId);
    expect(a.createdAt).toBe(aCreatedAt);

    let b = createSession(env);
    b = committed(b, await runTurn(agent, b, "你好", ctx), env);
    expect(b.messages).toHaveLength(3);
    expect(b.id).not.toBe(a.id);
    expect(model.requests[4]?.messages.map((m) => m.content)).toEqual([agent.instructions, "你好"]);

    const back = restore(JSON.parse(JSON.stringify(snapshot(a))));
    expect(back).toEqual({ ok: true, session: a });
    if (!back.ok) return;
    expect(back.session.messages.flatMap((m) => m.toolCalls ?? [])).toEqual([
      { id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' },
      { id: "call_2", name: "calculator", arguments: '{"expression":"5*4"}' },
    ]);
  });
});

describe("runTurn", () => {
  it("puts the system prompt in only when the session is empty, and first in every request", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("one"), textAnswer("two")]);
    let session = createSession(env);
    session = committed(session, await runTurn(agent, session, "hi", { model, ...env }), env);
    const second = await runTurn(agent, session, "again", { model, ...env });
    expect(second.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(session.messages.filter((m) => m.role === "system")).toHaveLength(1);
    expect(model.requests[1]?.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("emits the user's message, and waits for it, before calling the model", async () => {
    const env = testEnv();
    const log: string[] = [];
    const model = new ScriptedModel([
      () => {
        log.push("model called");
        return textAnswer("ok");
      },
    ]);
    await runTurn(agent, buildSession(), "hello", {
      model,
      ...env,
      onEvent: async (event) => {
        if (event.type !== "message" || event.message.role !== "user") return;
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push("user message persisted");
      },
    });
    expect(log).toEqual(["user message persisted", "model called"]);
  });

  it("streams events in the order they happen", async () => {
    const env = testEnv();
    const events: AgentEvent[] = [];
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "state_set", arguments: { key: "name", value: "Li" } }]),
      textAnswer("Hi Li"),
    ]);
    await runTurn(agent, buildSession(), "I am Li", {
      model,
      ...env,
      onEvent: (event) => {
        events.push(event);
      },
    });
    const summary = events.map((e) =>
      e.type === "message" ? `message:${e.message.role}` : e.type,
    );
    expect(summary).toEqual([
      "message:system",
      "message:user",
      "finish",
      "message:assistant",
      "tool_call",
      "tool_result",
      "state",
      "message:tool",
      "text",
      "text",
      "finish",
      "message:assistant",
    ]);
    const text = events.find((e) => e.type === "text");
    const answer = events.at(-1);
    expect(text?.type === "text" && answer?.type === "message" && text.messageId).toBe(
      answer?.type === "message" && answer.message.id,
    );
  });

  it("records usage, timing, agent and model on each answer", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("Hello there", { usage: usage(12, 3) })]);
    const result = await runTurn(agent, buildSession(), "hi", { model, ...env });
    const answer = result.messages.at(-1);
    expect(answer).toMatchObject({
      role: "assistant",
      content: "Hello there",
      agent: "Assistant",
      model: "demo",
      status: "complete",
      usage: { promptTokens: 12, completionTokens: 3, totalTokens: 15 },
    });
    expect(answer?.timing?.firstTokenMs).toBeGreaterThan(0);
    expect(answer?.timing?.totalMs).toBeGreaterThan(answer?.timing?.firstTokenMs ?? 0);
  });

  it("runs parallel tool calls in the order the model gave them", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      toolCallAnswer([
        { id: "c1", name: "state_set", arguments: { key: "city", value: "Paris" } },
        { id: "c2", name: "state_get", arguments: { key: "city" } },
        { id: "c3", name: "state_delete", arguments: { key: "city" } },
      ]),
      textAnswer("done"),
    ]);
    const session = buildSession({ state: { keep: 1 } });
    const result = await runTurn(agent, session, "go", { model, ...env });
    const tools = result.messages.filter((m) => m.role === "tool");
    expect(tools.map((m) => [m.toolCallId, m.content])).toEqual([
      ["c1", '{"ok":true}'],
      ["c2", '"Paris"'],
      ["c3", '{"deleted":true}'],
    ]);
    expect(result.state).toEqual({ keep: 1 });
    expect(session.state).toEqual({ keep: 1 });
    expect(session.messages).toEqual([]);
    const secondRequest = model.requests[1]?.messages ?? [];
    expect(secondRequest.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "tool",
      "tool",
    ]);
  });

  it("declares only the agent's tools to the model", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("a"), textAnswer("b")]);
    await runTurn(agent, buildSession(), "x", { model, ...env });
    await runTurn({ ...agent, tools: [] }, buildSession(), "x", { model, ...env });
    expect(model.requests[0]?.tools?.map((t) => t.function.name)).toEqual(agent.tools);
    expect(model.requests[1]?.tools).toBeUndefined();
  });

  it("the built-in Assistant reaches 20 through the calculator", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "a", name: "calculator", arguments: { expression: "2+3" } }]),
      (request) => {
        const last = request.messages.at(-1);
        return toolCallAnswer([
          { id: "b", name: "calculator", arguments: { expression: `${last?.content}*4` } },
        ]);
      },
      (request) => textAnswer(`The result is ${request.messages.at(-1)?.content}.`),
    ]);
    const result = await runTurn(assistantAgent, buildSession(), "What is 2+3, then times 4?", {
      model,
      ...env,
    });
    expect(result.final).toBe("The result is 20.");
  });
});

describe("an answer whose stream named no finish reason but ended with [DONE]", () => {
  it("is complete, carries the note in its details, and keeps it through the codec", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      [
        { type: "text", delta: "A whole answer." },
        { type: "finish", reason: "stop", note: "no_finish_reason" },
      ],
    ]);
    const session = createSession(env);
    const turn = await runTurn(agent, session, "hello", { model, ...env });
    const answer = turn.messages.at(-1);
    expect(answer).toMatchObject({
      role: "assistant",
      status: "complete",
      content: "A whole answer.",
      notes: ["no_finish_reason"],
    });
    expect(answer?.error).toBeUndefined();
    const restored = restore(snapshot(committed(session, turn, env)));
    expect(restored.ok && restored.session.messages.at(-1)?.notes).toEqual(["no_finish_reason"]);
  });
});

describe("an answer cut at the model's length limit (finish reason length)", () => {
  it("is complete with the length_limit note, kept through the codec", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("It was the best of", { finish: "length" })]);
    const session = createSession(env);
    const turn = await runTurn(agent, session, "tell a story", { model, ...env });
    expect(turn.final).toBe("It was the best of");
    expect(turn.messages.at(-1)).toMatchObject({ status: "complete", notes: ["length_limit"] });
    const restored = restore(snapshot(committed(session, turn, env)));
    expect(restored.ok && restored.session.messages.at(-1)?.notes).toEqual(["length_limit"]);
  });

  it("carries no note when the answer finished on its own", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("Done.")]);
    const turn = await runTurn(agent, createSession(env), "hi", { model, ...env });
    expect(turn.messages.at(-1)?.notes).toBeUndefined();
  });
});
