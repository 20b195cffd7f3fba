import { describe, expect, it } from "vitest";
import { buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import type { AgentConfig } from "../agent-types.ts";
import type { ConversationSettings } from "../conversation-settings.ts";
import type { ModelEvent } from "../model.ts";
import { runTurn } from "./run-turn.ts";

const agent: AgentConfig = {
  name: "Assistant",
  instructions: "Be helpful.",
  model: "demo",
  tools: [],
  maxSteps: 2,
  temperature: 0.7,
  maxTokens: 1000,
};

async function sent(settings?: ConversationSettings) {
  const model = new ScriptedModel([textAnswer("ok")]);
  const session = buildSession(settings ? { settings } : {});
  await runTurn(agent, session, "hi", { model, ...testEnv() });
  return model.requests[0];
}

describe("runTurn with a conversation's settings", () => {
  it("sends the agent's defaults when the conversation sets nothing", async () => {
    const request = await sent();
    expect(request?.messages[0]).toEqual({ role: "system", content: "Be helpful." });
    expect(request?.params).toEqual({ temperature: 0.7, maxTokens: 1000 });
  });

  it("sends the conversation's values in place of the agent's, and its system prompt instead of the instructions", async () => {
    const request = await sent({ systemPrompt: "Answer in French.", temperature: 0.3, topP: 0.5 });
    expect(request?.messages.filter((m) => m.role === "system")).toEqual([
      { role: "system", content: "Answer in French." },
    ]);
    expect(request?.params).toEqual({ temperature: 0.3, topP: 0.5, maxTokens: 1000 });
  });

  it("sends no parameters at all when neither sets one", async () => {
    const model = new ScriptedModel([textAnswer("ok")]);
    const plain = { ...agent, temperature: undefined, maxTokens: undefined };
    const { temperature: _t, maxTokens: _m, ...bare } = plain;
    await runTurn(bare, buildSession(), "hi", { model, ...testEnv() });
    expect(model.requests[0]).not.toHaveProperty("params");
  });

  it("keeps the proxy's notes on the parameters on the answer", async () => {
    const note = {
      code: "param_dropped" as const,
      param: "temperature",
      reason: "model_refuses" as const,
    };
    const turn = async function* (): AsyncIterable<ModelEvent> {
      yield { type: "param_notes", notes: [note] };
      yield { type: "text", delta: "ok" };
      yield { type: "finish", reason: "stop" };
    };
    const result = await runTurn(agent, buildSession(), "hi", {
      model: new ScriptedModel([turn]),
      ...testEnv(),
    });
    expect(result.messages.at(-1)?.paramNotes).toEqual([note]);
  });
});
