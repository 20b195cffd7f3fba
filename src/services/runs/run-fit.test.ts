import { describe, expect, it } from "vitest";
import { textAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";

/** About 2,500 tokens by the estimate: three of them and their answers fill the default window. */
const LONG = "x".repeat(10_000);

describe("a run fits its requests into the model's window", () => {
  it("leaves the oldest turns out of the request, keeps them in the conversation, and says where the view begins", async () => {
    const answers = ["one", "two", "three"].map((a) => textAnswer(a));
    const { services, store, model } = testApp(answers);
    await services.sessions.init();
    const id = await services.sessions.newSession();
    for (let i = 0; i < 2; i++) await services.runs.send(id, LONG);
    expect(store.getState().contextViews[id]?.firstSentId).toBeNull();
    await services.runs.send(id, `${LONG} and now?`);
    const request = model.requests[2]?.messages ?? [];
    expect(request[0]?.role).toBe("system");
    expect(request.at(-1)).toEqual({ role: "user", content: `${LONG} and now?` });
    const sentUsers = request.filter((m) => m.role === "user").length;
    expect(sentUsers).toBeLessThan(3);
    const body = store.getState().bodies[id];
    const users = body?.messages.filter((m) => m.role === "user") ?? [];
    expect(users).toHaveLength(3);
    const view = store.getState().contextViews[id];
    expect(view?.window).toBe(8192);
    expect(view?.tokens).toBeLessThanOrEqual(8192 - 2048);
    expect(view?.firstSentId).toBe(users[3 - sentUsers]?.id);
  });

  it("leaves the answer the room the conversation's max tokens asks for", async () => {
    const { services, store, model } = testApp(["one", "two"].map((a) => textAnswer(a)));
    await services.sessions.init();
    const id = await services.sessions.newSession();
    expect((await services.edits.configure(id, { maxTokens: 4000 })).ok).toBe(true);
    await services.runs.send(id, LONG);
    await services.runs.send(id, `${LONG} again?`);
    // With the default room (2,048) both questions fit, as the test above shows; 4,000 leaves
    // room for one.
    const sent = model.requests[1]?.messages ?? [];
    expect(sent.filter((m) => m.role === "user")).toEqual([
      { role: "user", content: `${LONG} again?` },
    ]);
    expect(model.requests[1]?.params?.maxTokens).toBe(4000);
    expect(store.getState().contextViews[id]?.tokens).toBeLessThanOrEqual(8192 - 4000);
  });
});
