import { describe, expect, it } from "vitest";
import { buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { createTestClock } from "../../test/clock.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import type { AgentConfig } from "../agent-types.ts";
import type { ModelEvent } from "../model.ts";
import { runTurn } from "./run-turn.ts";

const agent: AgentConfig = {
  name: "Assistant",
  instructions: "",
  model: "demo",
  tools: [],
  maxSteps: 2,
};

describe("runTurn and reasoning", () => {
  it("keeps the streamed reasoning on the answer with how long the model thought", async () => {
    const clock = createTestClock();
    const turn = async function* (): AsyncIterable<ModelEvent> {
      clock.advance(200);
      yield { type: "reasoning", delta: "First, " };
      clock.advance(5_000);
      yield { type: "reasoning", delta: "add them." };
      clock.advance(7_000);
      yield { type: "text", delta: "5" };
      clock.advance(1_000);
      yield { type: "finish", reason: "stop" };
    };
    const result = await runTurn(agent, buildSession(), "2+3?", {
      model: new ScriptedModel([turn]),
      ...testEnv(),
      clock,
    });
    const answer = result.messages.at(-1);
    expect(answer?.content).toBe("5");
    expect(answer?.reasoning).toEqual({ text: "First, add them.", durationMs: 12_000 });
  });

  it("gives an answer without reasoning none", async () => {
    const result = await runTurn(agent, buildSession(), "hi", {
      model: new ScriptedModel([textAnswer("hello")]),
      ...testEnv(),
    });
    expect(result.messages.at(-1)).not.toHaveProperty("reasoning");
  });

  it("never sends an earlier answer's reasoning back", async () => {
    const model = new ScriptedModel([textAnswer("ok")]);
    const history = [
      buildMessage({ role: "user", content: "q" }),
      buildMessage({ role: "assistant", content: "a", reasoning: { text: "secret thoughts" } }),
    ];
    await runTurn(agent, buildSession({ messages: history }), "next", { model, ...testEnv() });
    expect(JSON.stringify(model.requests[0])).not.toContain("secret thoughts");
  });
});
