import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { RequestContext } from "../agent-types.ts";
import type { Fit } from "../context/fit-request.ts";
import type { Message } from "../message.ts";
import type { ModelEvent } from "../model.ts";
import { runTurn } from "./run-turn.ts";

const agent = buildAgent({ tools: [] });
/** Every message costs as many tokens as its content has characters. */
const sizes = fakeSizes((m) => m.content.length);

const turns = (count: number, length = 100): Message[] =>
  Array.from({ length: count }, () => [
    buildMessage({ role: "user", content: "q".repeat(length) }),
    buildMessage({ role: "assistant", content: "a".repeat(length) }),
  ]).flat();

function context(window: number, fits: Fit[] = []): RequestContext {
  return { window, reserve: 0, sizes, onFit: (fit) => fits.push(fit) };
}

const refused = (status: number, message: string): ModelEvent[] => [
  { type: "error", error: { code: "http_status", status, detail: message } },
];
const tooLong = refused(
  400,
  "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
);

describe("runTurn fits each request into the model's window", () => {
  it("leaves out the oldest turns of the request, keeps the system prompt, and changes no history", async () => {
    const history = turns(10);
    const session = buildSession({ messages: history });
    const model = new ScriptedModel([textAnswer("ok")]);
    const fits: Fit[] = [];
    const result = await runTurn(agent, session, "new", {
      model,
      ...testEnv(),
      context: context(1000, fits),
    });
    const sent = model.requests[0]?.messages ?? [];
    expect(sent[0]).toEqual({ role: "system", content: agent.instructions });
    expect(sent.at(-1)).toEqual({ role: "user", content: "new" });
    expect(sent.length).toBeLessThan(history.length);
    expect(fits[0]?.omitted).toBeGreaterThan(0);
    expect(fits[0]?.firstSentId).toBe(history[fits[0]?.omitted ?? 0]?.id);
    expect(session.messages).toBe(history);
    expect(result.final).toBe("ok");
  });

  it("leaves the answer's room it is given, even more than a quarter of the window", async () => {
    const fits: Fit[] = [];
    const model = new ScriptedModel([textAnswer("ok")]);
    await runTurn(agent, buildSession({ messages: turns(2) }), "new", {
      model,
      ...testEnv(),
      context: { ...context(1400, fits), reserve: 600 },
    });
    expect(fits[0]?.budget).toBe(1400 - 600 - 70);
  });

  it("sends everything when there is no context to fit to", async () => {
    const history = turns(10);
    const model = new ScriptedModel([textAnswer("ok")]);
    await runTurn(agent, buildSession({ messages: history }), "new", { model, ...testEnv() });
    expect(model.requests[0]?.messages).toHaveLength(1 + history.length + 1);
  });

  it("never sends a tool result without its call, nor a call without its result", async () => {
    const calcAgent = buildAgent({ tools: ["calculator"] });
    const call = { id: "c1", name: "calculator", arguments: '{"expression":"1+1"}' };
    const history = [
      buildMessage({ role: "user", content: "q".repeat(300) }),
      buildMessage({ role: "assistant", content: "", toolCalls: [call] }),
      buildMessage({ role: "tool", content: "2", toolCallId: "c1" }),
      buildMessage({ role: "assistant", content: "a".repeat(300) }),
      ...turns(2),
    ];
    const model = new ScriptedModel([textAnswer("ok")]);
    await runTurn(calcAgent, buildSession({ messages: history }), "new", {
      model,
      ...testEnv(),
      context: context(1000),
    });
    const roles = model.requests[0]?.messages.map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "user", "assistant", "user"]);
  });

  it("fits the request after a tool result again, as the turn grows", async () => {
    const calcAgent = buildAgent({ tools: ["calculator"] });
    const model = new ScriptedModel([
      toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "2+2" } }]),
      textAnswer("4"),
    ]);
    const fits: Fit[] = [];
    await runTurn(calcAgent, buildSession({ messages: turns(3) }), "2+2?", {
      model,
      ...testEnv(),
      context: context(2000, fits),
    });
    expect(fits).toHaveLength(2);
    expect(model.requests[1]?.messages.at(-1)).toMatchObject({ role: "tool" });
  });

  it("ends with context_full, naming the newest message as the cause, when it alone does not fit", async () => {
    const model = new ScriptedModel([textAnswer("never")]);
    const result = await runTurn(agent, buildSession(), "x".repeat(2000), {
      model,
      ...testEnv(),
      context: context(1000),
    });
    expect(model.requests).toHaveLength(0);
    expect(result.final).toBeNull();
    expect(result.steps.at(-1)).toMatchObject({
      type: "error",
      error: { code: "context_full", cause: "message_too_large" },
    });
    expect(result.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(result.messages.at(-1)).toMatchObject({
      status: "error",
      content: "",
      notes: ["context_full"],
      error: { code: "context_full", cause: "message_too_large" },
    });
  });
});

describe("runTurn after the provider says the context is too long", () => {
  it("asks exactly once more with the tighter fit, and keeps only the answer that came", async () => {
    const model = new ScriptedModel([tooLong, textAnswer("fits now")]);
    const fits: Fit[] = [];
    const result = await runTurn(agent, buildSession({ messages: turns(6) }), "new", {
      model,
      ...testEnv(),
      context: context(1400, fits),
    });
    expect(model.requests).toHaveLength(2);
    expect(fits.map((f) => f.budget)).toEqual([1330, 1120]);
    expect(model.requests[1]?.messages.length).toBeLessThan(
      model.requests[0]?.messages.length ?? 0,
    );
    expect(result.final).toBe("fits now");
    expect(result.messages.filter((m) => m.role === "assistant")).toHaveLength(1);
  });

  it("fits the retry inside the window the provider named when it is smaller", async () => {
    const model = new ScriptedModel([
      refused(400, "prompt is too long: 1200 tokens > 600 maximum"),
      textAnswer("ok"),
    ]);
    const fits: Fit[] = [];
    await runTurn(agent, buildSession({ messages: turns(6) }), "new", {
      model,
      ...testEnv(),
      context: context(1400, fits),
    });
    expect(fits[1]?.budget).toBe(600 - 120);
  });

  it("takes a 413 as too long, and after the second refusal ends with context_full from the provider", async () => {
    const model = new ScriptedModel([refused(413, ""), tooLong, textAnswer("unused")]);
    const result = await runTurn(agent, buildSession({ messages: turns(6) }), "new", {
      model,
      ...testEnv(),
      context: context(1400),
    });
    expect(model.requests).toHaveLength(2);
    expect(result.steps.at(-1)).toMatchObject({
      type: "error",
      error: { code: "context_full", cause: "provider_refused" },
    });
    expect(result.messages.filter((m) => m.role === "assistant")).toHaveLength(1);
  });

  it("does not retry other errors, nor an error after part of the answer arrived", async () => {
    const other = new ScriptedModel([
      refused(500, "The model proxy failed (500)."),
      textAnswer(""),
    ]);
    await runTurn(agent, buildSession(), "hi", {
      model: other,
      ...testEnv(),
      context: context(1400),
    });
    expect(other.requests).toHaveLength(1);
    const partial = new ScriptedModel([
      [{ type: "text", delta: "Half" }, ...tooLong],
      textAnswer("unused"),
    ]);
    const result = await runTurn(agent, buildSession(), "hi", {
      model: partial,
      ...testEnv(),
      context: context(1400),
    });
    expect(partial.requests).toHaveLength(1);
    expect(result.messages.at(-1)).toMatchObject({ content: "Half", status: "error" });
  });
});
