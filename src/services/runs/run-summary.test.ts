import { describe, expect, it } from "vitest";
import { SUMMARY_INSTRUCTION } from "../../core/agent/summary-request.ts";
import type { Message } from "../../core/message.ts";
import type { ModelEvent } from "../../core/model.ts";
import { path } from "../../core/tree.ts";
import { type ScriptedTurn, textAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";

/** About 2,500 tokens by the estimate: two of them and their answers fill the default window. */
const LONG = "x".repeat(10_000);
const failedSummary: ModelEvent[] = [
  { type: "error", error: { code: "http_status", status: 503, detail: "busy" } },
];

async function summarisingChat(turns: ScriptedTurn[]) {
  const app = testApp(turns);
  await app.services.sessions.init();
  const id = await app.services.sessions.newSession();
  expect((await app.services.edits.configure(id, { overflow: "summarize" })).ok).toBe(true);
  const visible = () => {
    const body = app.store.getState().bodies[id];
    return body ? path(body) : [];
  };
  return { ...app, id, visible };
}

const ids = (messages: readonly Message[]) => messages.map((m) => m.id);

describe("a conversation that summarises what does not fit", () => {
  it("asks for a summary of the messages before the cut, keeps it as a message of its own and sends it in their place", async () => {
    const { services, model, id, visible } = await summarisingChat([
      textAnswer("one"),
      textAnswer("two"),
      textAnswer("They spoke of x."),
      textAnswer("three"),
    ]);
    await services.runs.send(id, LONG);
    await services.runs.send(id, LONG);
    expect(model.requests).toHaveLength(2);
    await services.runs.send(id, `${LONG} and now?`);

    const ask = model.requests[2];
    expect(ask?.messages[0]).toEqual({ role: "system", content: SUMMARY_INSTRUCTION });
    expect(ask?.messages[1]?.content).toBe(
      `[user]\n${LONG}\n\n[assistant]\none\n\n[user]\n${LONG}\n\n[assistant]\ntwo`,
    );
    expect(ask?.params?.maxTokens).toBe(1024);
    expect(ask?.tools).toBeUndefined();

    const messages = visible();
    const users = messages.filter((m) => m.role === "user");
    expect(users).toHaveLength(3);
    const summary = messages.find((m) => m.summary);
    expect(summary).toMatchObject({ role: "system", content: "They spoke of x." });
    const answers = messages.filter((m) => m.role === "assistant");
    expect(summary?.summary).toEqual({ covers: 4, lastCoveredId: answers[1]?.id });
    // It stands in the newest turn, between the question and its answer.
    expect(ids(messages.slice(-3))).toEqual([users[2]?.id, summary?.id, answers[2]?.id]);

    const sent = model.requests[3]?.messages ?? [];
    expect(sent[1]).toEqual({
      role: "system",
      content: "Summary of the earlier conversation:\n\nThey spoke of x.",
    });
    expect(sent.slice(2)).toEqual([{ role: "user", content: `${LONG} and now?` }]);
  });

  it("sends the same summary while it covers what is left out, and makes it again from it when the cut moves past", async () => {
    const { services, model, id, visible } = await summarisingChat([
      textAnswer("one"),
      textAnswer("two"),
      textAnswer("First summary."),
      textAnswer("three"),
      textAnswer("four"),
      textAnswer("Second summary."),
      textAnswer("five"),
    ]);
    for (let i = 1; i <= 4; i++) await services.runs.send(id, `${LONG} ${i}`);
    // The fourth send fits beside the first summary: no new one is asked for.
    expect(model.requests).toHaveLength(5);
    const placed = model.requests[4]?.messages ?? [];
    expect(placed[1]?.content).toBe("Summary of the earlier conversation:\n\nFirst summary.");
    expect(placed.filter((m) => m.role === "user")).toHaveLength(2);

    await services.runs.send(id, `${LONG} 5`);
    const again = model.requests[5]?.messages[1]?.content;
    expect(again).toBe(
      `[summary of 4 messages]\nFirst summary.\n\n[user]\n${LONG} 3\n\n[assistant]\nthree\n\n[user]\n${LONG} 4\n\n[assistant]\nfour`,
    );
    const summaries = visible().filter((m) => m.summary);
    expect(summaries.map((m) => m.content)).toEqual(["First summary.", "Second summary."]);
    const answers = visible().filter((m) => m.role === "assistant");
    expect(summaries[1]?.summary).toEqual({ covers: 8, lastCoveredId: answers[3]?.id });
    const sent = model.requests[6]?.messages ?? [];
    expect(sent[1]?.content).toBe("Summary of the earlier conversation:\n\nSecond summary.");
    expect(sent.slice(2)).toEqual([{ role: "user", content: `${LONG} 5` }]);
  });

  it("leaves the oldest turns out when the summary cannot be made, says so on the answer, and keeps the message", async () => {
    const { services, store, model, id, visible } = await summarisingChat([
      textAnswer("one"),
      textAnswer("two"),
      failedSummary,
      textAnswer("three"),
    ]);
    await services.runs.send(id, LONG);
    await services.runs.send(id, LONG);
    await services.runs.send(id, `${LONG} and now?`);
    expect(model.requests).toHaveLength(4);
    const sent = model.requests[3]?.messages ?? [];
    expect(sent.some((m) => String(m.content).startsWith("Summary of"))).toBe(false);
    expect(sent.at(-1)).toEqual({ role: "user", content: `${LONG} and now?` });
    expect(sent.filter((m) => m.role === "user").length).toBeLessThan(3);
    const messages = visible();
    expect(messages.some((m) => m.summary)).toBe(false);
    expect(messages.filter((m) => m.role === "user")).toHaveLength(3);
    expect(messages.at(-1)).toMatchObject({ content: "three", notes: ["summary_failed"] });
    expect(store.getState().contextViews[id]?.omitted).toBeGreaterThan(0);
  });

  it("never asks for a summary when the conversation leaves the oldest messages out", async () => {
    const { services, model, store } = testApp(["one", "two", "three"].map((a) => textAnswer(a)));
    await services.sessions.init();
    const id = await services.sessions.newSession();
    for (let i = 0; i < 3; i++) await services.runs.send(id, LONG);
    expect(model.requests).toHaveLength(3);
    expect(model.requests.some((r) => r.messages[0]?.content === SUMMARY_INSTRUCTION)).toBe(false);
    expect(store.getState().contextViews[id]?.omitted).toBeGreaterThan(0);
  });
});
