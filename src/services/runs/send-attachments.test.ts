import { describe, expect, it } from "vitest";
import type { Attachment } from "../../core/attachments/attachment.ts";
import { textAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";

const notes: Attachment = {
  hash: "b".repeat(64),
  name: "notes.md",
  mime: "text/plain",
  size: 4,
  kind: "text",
  text: "# Hi",
};

describe("sending files", () => {
  it("sends a message of files alone, and refuses one with neither text nor files", async () => {
    const { services, store, model } = testApp([textAnswer("got it")]);
    await services.sessions.init();
    const id = await services.sessions.newSession();
    expect(await services.runs.send(id, "  ", [])).toEqual({
      ok: false,
      error: { code: "message_empty" },
    });
    expect(await services.runs.send(id, "", [notes])).toEqual({ ok: true, value: undefined });
    const user = store.getState().bodies[id]?.messages.find((m) => m.role === "user");
    expect(user).toMatchObject({ content: "", attachments: [notes] });
    expect(model.requests[0]?.messages.at(-1)).toEqual({
      role: "user",
      content: [{ type: "text", text: '<file name="notes.md">\n# Hi\n</file>' }],
    });
  });

  it("Edit and ask again keeps the files the edited message carried", async () => {
    const { services, store, model } = testApp([textAnswer("one"), textAnswer("two")]);
    await services.sessions.init();
    const id = await services.sessions.newSession();
    await services.runs.send(id, "read this", [notes]);
    const first = store.getState().bodies[id]?.messages.find((m) => m.role === "user");
    if (!first) throw new Error("no user message");
    await services.runs.editAndResend(id, first.id, "read this again");
    const users = store.getState().bodies[id]?.messages.filter((m) => m.role === "user") ?? [];
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ content: "read this again", attachments: [notes] });
    expect(JSON.stringify(model.requests[1]?.messages.at(-1))).toContain("notes.md");
  });
});
