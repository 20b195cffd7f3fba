import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { AgentEvent, RequestContext } from "../agent-types.ts";
import type { Message } from "../message.ts";
import type { ModelEvent } from "../model.ts";
import { continueAnswer } from "./continue-answer.ts";
import { SUMMARY_INSTRUCTION } from "./summary-request.ts";

const agent = buildAgent({ tools: [] });
/** Every message costs as many tokens as its content has characters. */
const context: RequestContext = {
  window: 1000,
  reserve: 0,
  sizes: fakeSizes((m) => m.content.length),
};

const earlier = (): Message[] =>
  Array.from({ length: 6 }, (_, i) => [
    buildMessage({ role: "user", content: `q${i}`.padEnd(100, "q") }),
    buildMessage({ role: "assistant", content: `a${i}`.padEnd(100, "a") }),
  ]).flat();

/** A conversation too long for the window whose last answer was cut by the length limit. */
function cutConversation(before: Message[], overflow: "summarize" | "leave_out" = "summarize") {
  const partial = buildMessage({
    role: "assistant",
    content: "Once upon a ti",
    status: "complete",
    notes: ["length_limit"],
  });
  const question = buildMessage({ role: "user", content: "Tell a story" });
  const messages = [...before, question, partial];
  return { partial, session: buildSession({ messages, settings: { overflow } }) };
}

const placed = (text: string) => ({
  role: "system",
  content: `Summary of the earlier conversation:\n\n${text}`,
});

describe("continueAnswer in a conversation that summarises", () => {
  it("places the summary that still stands for what is left out, as a send would", async () => {
    const before = earlier();
    const summary = buildMessage({
      role: "system",
      content: "They asked six questions.",
      summary: { covers: 6, lastCoveredId: before[5]?.id ?? "" },
    });
    const { session } = cutConversation([...before.slice(0, 8), summary, ...before.slice(8)]);
    const model = new ScriptedModel([textAnswer("me.")]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv(), context });
    const sent = model.requests[0]?.messages ?? [];
    expect(model.requests).toHaveLength(1);
    expect(sent[1]).toEqual(placed("They asked six questions."));
    // After the summary: the three turns it does not cover, the question and the partial answer.
    expect(sent.slice(2).map((m) => m.role)).toEqual([
      ...Array.from({ length: 3 }, () => ["user", "assistant"]).flat(),
      "user",
      "assistant",
    ]);
    expect(sent.at(-1)).toEqual({ role: "assistant", content: "Once upon a ti" });
    expect(turn.final).toBe("Once upon a time.");
  });

  it("makes the summary it needs first and sends it, the answer staying the turn's one message", async () => {
    const { session, partial } = cutConversation(earlier());
    const events: AgentEvent[] = [];
    const model = new ScriptedModel([textAnswer("Six questions."), textAnswer("me.")]);
    const turn = await continueAnswer(agent, session, {
      model,
      ...testEnv(),
      context,
      onEvent: (event) => void events.push(event),
    });
    expect(model.requests[0]?.messages[0]).toEqual({
      role: "system",
      content: SUMMARY_INSTRUCTION,
    });
    const sent = model.requests[1]?.messages ?? [];
    expect(sent[1]).toEqual(placed("Six questions."));
    expect(sent.at(-1)).toEqual({ role: "assistant", content: "Once upon a ti" });
    expect(turn.messages.map((m) => m.id)).toEqual([partial.id]);
    expect(events.filter((e) => e.type === "message")).toHaveLength(1);
    expect(events.filter((e) => e.type === "activity")).toEqual([
      { type: "activity", activity: "summarizing" },
      { type: "activity", activity: null },
    ]);
  });

  it("only leaves out when the summary cannot be made, and says so on the answer", async () => {
    const { session } = cutConversation(earlier());
    const failed: ModelEvent[] = [
      { type: "error", error: { code: "http_status", status: 503, detail: "busy" } },
    ];
    const model = new ScriptedModel([failed, textAnswer("me.")]);
    const turn = await continueAnswer(agent, session, { model, ...testEnv(), context });
    const sent = model.requests[1]?.messages ?? [];
    expect(sent.some((m) => String(m.content).startsWith("Summary of"))).toBe(false);
    expect(sent.length).toBeLessThan(session.messages.length);
    expect(turn.messages[0]).toMatchObject({
      content: "Once upon a time.",
      notes: ["summary_failed"],
    });
  });

  it("asks for no summary when the conversation only leaves out", async () => {
    const { session } = cutConversation(earlier(), "leave_out");
    const model = new ScriptedModel([textAnswer("me.")]);
    await continueAnswer(agent, session, { model, ...testEnv(), context });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.messages[1]?.role).toBe("user");
  });
});
