import { describe, expect, it } from "vitest";
import * as z from "zod";
import { buildAgent, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { schemaOf } from "../../test/tool-schema.ts";
import type { AgentEvent } from "../agent-types.ts";
import type { ModelClient, ModelEvent } from "../model.ts";
import { createToolRegistry } from "../tool-registry.ts";
import { builtinTools } from "../tools/index.ts";
import { runTurn } from "./run-turn.ts";

const agent = buildAgent();

async function toolErrorFor(args: unknown, name = "calculator") {
  const env = testEnv();
  const model = new ScriptedModel([
    toolCallAnswer([{ id: "c1", name, arguments: args }]),
    textAnswer("sorry"),
  ]);
  const result = await runTurn(agent, buildSession(), "go", { model, ...env });
  const tool = result.messages.find((m) => m.role === "tool");
  expect(result.final).toBe("sorry");
  expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "c1" });
  return { tool, step: result.steps[0] };
}

describe("a bad tool call becomes a tool error the model sees", () => {
  it("arguments that are not JSON", async () => {
    const { tool, step } = await toolErrorFor('{"expression": "2+');
    expect(tool?.isError).toBe(true);
    expect(JSON.parse(tool?.content ?? "")).toEqual({
      error: expect.stringMatching(/^invalid arguments for calculator: not valid JSON/),
    });
    expect(step).toMatchObject({ type: "tool_call", isError: true });
  });

  it("arguments that do not fit the schema", async () => {
    const { tool } = await toolErrorFor({ expression: 5 });
    expect(JSON.parse(tool?.content ?? "")).toEqual({
      error: "invalid arguments for calculator: $.expression: expected string, received number",
    });
  });

  it("a missing required argument", async () => {
    const { tool } = await toolErrorFor({});
    expect(tool?.content).toContain("$.expression: is required");
  });

  it("an unknown tool", async () => {
    const { tool } = await toolErrorFor({ city: "Paris" }, "weather");
    expect(JSON.parse(tool?.content ?? "")).toEqual({
      error: 'unknown tool "weather"; available tools: calculator, state_set',
    });
  });

  it("a tool the agent did not enable", async () => {
    const { tool } = await toolErrorFor({ key: "x" }, "state_get");
    expect(tool?.content).toContain('unknown tool \\"state_get\\"');
  });

  it("a tool that throws", async () => {
    const { tool } = await toolErrorFor({ expression: "1/0" });
    expect(JSON.parse(tool?.content ?? "")).toEqual({
      error: 'cannot calculate "1/0": division by zero',
    });
  });
});

describe("a turn that ends without an answer", () => {
  it("stops at maxSteps with an error step, an error answer in the log and no final answer", async () => {
    const env = testEnv();
    const call = (id: string) =>
      toolCallAnswer([{ id, name: "calculator", arguments: { expression: "1+1" } }]);
    const model = new ScriptedModel([call("a"), call("b"), call("c")]);
    const result = await runTurn({ ...agent, maxSteps: 2 }, buildSession(), "loop", {
      model,
      ...env,
    });
    expect(model.requests).toHaveLength(2);
    expect(result.final).toBeNull();
    expect(result.steps.at(-1)).toEqual({
      type: "error",
      error: { code: "step_limit", agent: agent.name, maxSteps: 2 },
    });
    expect(result.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(result.messages.at(-1)).toMatchObject({
      content: "",
      status: "error",
      error: { code: "step_limit", agent: agent.name, maxSteps: 2 },
    });
  });

  it("keeps a model error as a value on an error answer", async () => {
    const env = testEnv();
    const events: AgentEvent[] = [];
    const model = new ScriptedModel([
      [
        { type: "text", delta: "Part" },
        {
          type: "error",
          error: { code: "http_status", status: 502, detail: "Upstream failed. Retry." },
        },
      ],
    ]);
    const result = await runTurn(agent, buildSession(), "hi", {
      model,
      ...env,
      onEvent: (e) => {
        events.push(e);
      },
    });
    expect(result.final).toBeNull();
    expect(result.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "Part",
      status: "error",
      error: { code: "http_status", status: 502, detail: "Upstream failed. Retry." },
    });
    expect(result.steps).toEqual([
      {
        type: "error",
        error: { code: "http_status", status: 502, detail: "Upstream failed. Retry." },
      },
    ]);
    expect(events.at(-1)).toEqual({
      type: "error",
      error: result.steps[0]?.type === "error" && result.steps[0].error,
    });
  });

  it("turns a model client that throws into bad_response, its words as the detail", async () => {
    const env = testEnv();
    const model: ModelClient = {
      // biome-ignore lint/correctness/useYield: a client that fails before its first event
      async *stream() {
        throw new Error("boom");
      },
    };
    const result = await runTurn(agent, buildSession(), "hi", { model, ...env });
    expect(result.steps).toEqual([
      { type: "error", error: { code: "bad_response", detail: "boom" } },
    ]);
  });

  it("marks an answer whose stream stopped without a finish reason as interrupted", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      [{ type: "text", delta: "Half an ans" }],
      [
        { type: "text", delta: "x" },
        { type: "finish", reason: "incomplete" },
      ],
    ]);
    for (let i = 0; i < 2; i++) {
      const result = await runTurn(agent, buildSession(), "hi", { model, ...env });
      expect(result.final).toBeNull();
      expect(result.messages.at(-1)).toMatchObject({ status: "interrupted" });
      expect(result.steps.at(-1)).toEqual({ type: "error", error: { code: "connection_lost" } });
    }
    expect(model.remaining).toBe(0);
  });

  it("does not run a tool call cut off by the length limit", async () => {
    const env = testEnv();
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "state_set", arguments: '{"key":"a","val' }], {
        text: "Saving",
        finish: "length",
      }),
    ]);
    const result = await runTurn(agent, buildSession(), "remember a", { model, ...env });
    expect(result.final).toBeNull();
    expect(result.state).toEqual({});
    expect(result.messages.some((m) => m.role === "tool")).toBe(false);
    expect(result.messages.at(-1)).toMatchObject({ content: "Saving", status: "error" });
    expect(result.messages.at(-1)?.toolCalls).toBeUndefined();
    expect(result.steps).toEqual([
      {
        type: "error",
        error: { code: "length_in_tool_call", tools: ["state_set"] },
      },
    ]);
  });

  it("keeps what arrived when aborted mid-answer, marked interrupted", async () => {
    const env = testEnv();
    const controller = new AbortController();
    const model = new ScriptedModel([
      async function* (request): AsyncIterable<ModelEvent> {
        yield { type: "text", delta: "Once upon" };
        yield { type: "text", delta: " a time" };
        await new Promise((resolve) => request.signal?.addEventListener("abort", resolve));
        yield { type: "error", error: { code: "aborted" } };
      },
    ]);
    const result = await runTurn(agent, buildSession(), "tell a story", {
      model,
      ...env,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "text" && event.delta === " a time") controller.abort();
      },
    });
    expect(result.final).toBeNull();
    expect(result.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "Once upon a time",
      status: "interrupted",
    });
    expect(result.steps).toEqual([
      { type: "error", error: expect.objectContaining({ code: "aborted" }) },
    ]);
  });

  it("stops between steps when aborted while a tool runs", async () => {
    const env = testEnv();
    const controller = new AbortController();
    const tools = createToolRegistry(
      [
        ...builtinTools,
        {
          name: "slow",
          description: "aborts the run",
          parameters: z.looseObject({}),
          run: () => {
            controller.abort();
            return "ran";
          },
        },
      ],
      schemaOf,
    );
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "s", name: "slow", arguments: {} }]),
      textAnswer("never"),
    ]);
    const result = await runTurn({ ...agent, tools: ["slow"] }, buildSession(), "go", {
      model,
      ...env,
      tools,
      signal: controller.signal,
    });
    expect(model.requests).toHaveLength(1);
    expect(result.messages.at(-2)).toMatchObject({ role: "tool", content: '"ran"' });
    expect(result.messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "",
      status: "interrupted",
      agent: agent.name,
    });
    expect(result.final).toBeNull();
    expect(result.steps.at(-1)).toMatchObject({ type: "error", error: { code: "aborted" } });
  });

  it("rejects with the error onEvent threw (the store could not persist)", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("x")]);
    const failure = new Error("quota exceeded");
    await expect(
      runTurn(agent, buildSession(), "hi", {
        model,
        ...env,
        onEvent: () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(model.requests).toHaveLength(0);
  });

  it("has nothing to answer without input in an empty session", async () => {
    const env = testEnv();
    const model = new ScriptedModel([]);
    for (const input of [null, "   "]) {
      const result = await runTurn(agent, buildSession(), input, { model, ...env });
      expect(result.messages).toEqual([]);
      expect(result.steps).toEqual([{ type: "error", error: { code: "nothing_to_answer" } }]);
    }
    expect(model.requests).toHaveLength(0);
  });
});
