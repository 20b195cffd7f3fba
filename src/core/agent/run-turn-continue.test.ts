import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import { runTurn } from "./run-turn.ts";

const agent = buildAgent();

describe("continuing without input (a pipeline stage or a retry)", () => {
  it("hands the previous agent's answer over as a user message, in the request only", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("Summary.")]);
    const session = buildSession({
      messages: [
        buildMessage({ role: "system", content: "Translate.", agent: "Translator" }),
        buildMessage({ role: "user", content: "你好世界" }),
        buildMessage({
          role: "assistant",
          content: "Hello world",
          agent: "Translator",
          status: "complete",
        }),
      ],
    });
    const summarizer = { ...agent, name: "Summarizer", instructions: "Summarise.", tools: [] };
    const result = await runTurn(summarizer, session, null, { model, ...env });
    expect(model.requests[0]?.messages).toEqual([
      { role: "system", content: "Summarise." },
      { role: "user", content: "你好世界" },
      { role: "user", content: "Hello world" },
    ]);
    expect(result.messages.map((m) => [m.role, m.agent])).toEqual([["assistant", "Summarizer"]]);
  });

  it("retries after a failed answer, leaving the empty error answer out of the request", async () => {
    const env = testEnv();
    const model = new ScriptedModel([textAnswer("Now it works.")]);
    const session = buildSession({
      messages: [
        buildMessage({ role: "user", content: "hi" }),
        buildMessage({
          role: "assistant",
          content: "",
          status: "error",
          error: { code: "http_status", status: 502 },
        }),
      ],
    });
    const result = await runTurn(agent, session, null, { model, ...env });
    expect(model.requests[0]?.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "hi" },
    ]);
    expect(result.final).toBe("Now it works.");
  });
});
