import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { path } from "../core/tree.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const tea = JSON.parse(readFileSync("fixtures/exports/open-webui/chat-export-tea.json", "utf8"));

function read(value: unknown) {
  const result = readImportFile("chat-export.json", bytesOf(value), { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("Open WebUI chat export", () => {
  it("reads every chat of the list along chat.history from the root to currentId", () => {
    const file = read(tea);
    expect(file.format).toEqual({ id: "open-webui" });
    expect(file.failures).toEqual([]);
    const [steeping, weather] = file.sessions;
    expect(steeping?.title).toBe("Steeping tea");
    const shown = path(steeping as Session);
    expect(steeping?.messages).toHaveLength(5);
    expect(shown.map((m) => [m.role, m.content, m.model])).toEqual([
      ["user", "How long should green tea steep?", undefined],
      ["assistant", "Two to three minutes, with water at about 80 °C.", "llama3.1:8b"],
      ["user", "And black tea?", undefined],
      ["assistant", "About four minutes, with water just off the boil.", "qwen2.5:7b"],
    ]);
    expect(shown[0]?.id).toBe("0b7e5c1a-2f4d-4a6b-8c9e-1a2b3c4d5e6f");
    expect(shown[3]?.createdAt).toBe("2024-11-19T07:08:15.000Z");
    expect(steeping?.createdAt).toBe("2024-11-19T07:06:40.000Z");
    expect(steeping?.updatedAt).toBe("2024-11-19T07:08:15.000Z");
    expect(weather?.messages).toHaveLength(2);
  });

  it("the plan says how many versions a chat brings; both are kept, a step apart", () => {
    const file = read(tea);
    expect(file.notes[0]).toEqual([
      { code: "versions", count: 2 },
      { code: "thinking-left-out", count: 1 },
    ]);
    const steeping = file.sessions[0] as Session;
    expect(versionsShown(steeping, 3)).toEqual({ n: 2, of: 2 });
    expect(shownTexts(stepVersion(steeping, 3, -1)).at(-1)).toBe("Three to five minutes.");
    expect(file.notes[1]).toEqual([{ code: "code-fenced", count: 1 }]);
  });

  it("without currentId the latest answer is shown", () => {
    const copy = structuredClone(tea);
    delete copy[0].chat.history.currentId;
    const [session] = read(copy).sessions;
    expect(shownTexts(session as Session).at(-1)).toBe(
      "About four minutes, with water just off the boil.",
    );
    copy[0].chat.history.currentId = "e1f3a5c7-9b2d-4e6f-8a1c-4d5e6f708192";
    expect(shownTexts(read(copy).sessions[0] as Session).at(-1)).toBe("Three to five minutes.");
  });

  it("reasoning blocks are left out and a tool's result is kept as fenced code, never as markup", () => {
    const weather = read(tea).sessions[1];
    expect(weather?.messages[1]?.content).toBe(
      '```\n"Paris: 18 °C, rain"\n```\n\nIt is 18 °C and raining in Paris.',
    );
    expect(read(tea).sessions[0]?.messages[1]?.content).not.toContain("<details");
  });

  it("a damaged history (a parent not in the file, a loop of parents) is kept whole and named in the plan", () => {
    const say = (id: string, parentId: string | null, role: string) => ({
      id,
      parentId,
      role,
      content: `text ${id}`,
      timestamp: 1732003600,
    });
    const messages = Object.fromEntries(
      [
        say("q", null, "user"),
        say("a", "q", "assistant"),
        say("lost", "gone", "user"),
        say("x", "y", "user"),
        say("y", "x", "assistant"),
      ].map((m) => [m.id, m]),
    );
    const chat = { id: "c-odd", title: "Odd", chat: { history: { messages, currentId: "a" } } };
    const file = read(chat);
    const session = file.sessions[0] as Session;
    expect(session.messages.map((m) => m.content)).toEqual([
      "text q",
      "text a",
      "text lost",
      "text x",
      "text y",
    ]);
    expect(shownTexts(session)).toEqual(["text q", "text a"]);
    expect(file.notes[0]).toEqual([
      { code: "versions", count: 3 },
      { code: "tree-parent-missing", count: 1 },
      { code: "tree-loop-cut", count: 2 },
    ]);
  });

  it("reads the chats Open WebUI kept in the browser before its server (no chat wrapper), a list of several, as its own import does", () => {
    const legacy = tea.map((item: { id: string; chat: object }) => ({ ...item.chat, id: item.id }));
    const file = read(legacy);
    expect(file.format).toEqual({ id: "open-webui" });
    expect(file.failures).toEqual([]);
    const wrapped = read(tea);
    expect(file.sessions.map((s) => s.title)).toEqual(wrapped.sessions.map((s) => s.title));
    expect(file.sessions.map((s) => s.messages)).toEqual(wrapped.sessions.map((s) => s.messages));
    expect(file.sessions.map((s) => s.metadata.source_id)).toEqual(
      tea.map((c: { id: string }) => c.id),
    );
    expect(file.sessions.map((s) => s.leafId)).toEqual(wrapped.sessions.map((s) => s.leafId));
    expect(file.notes).toEqual(wrapped.notes);
    expect(file.sessions[0]?.createdAt).toBe(
      new Date(tea[0].chat.timestamp as number).toISOString(),
    );
  });

  it("reads a single chat object as well as the list", () => {
    const file = read(tea[1]);
    expect(file.format.id).toBe("open-webui");
    expect(file.sessions.map((s) => s.title)).toEqual(["Weather in Paris"]);
  });

  it("a chat with a role Open WebUI never writes, or a history of the wrong type, fails with its path; the others are read", () => {
    const copy = structuredClone(tea);
    copy[0].chat.history.messages["9c4e1b7a-5d3f-4a2c-b8e6-3c4d5e6f7081"].role = "wizard";
    const file = read(copy);
    expect(file.sessions.map((s) => s.title)).toEqual(["Weather in Paris"]);
    expect(file.failures).toEqual([
      {
        path: '$[0].chat.history.messages["9c4e1b7a-5d3f-4a2c-b8e6-3c4d5e6f7081"].role',
        title: "Steeping tea",
        code: "field-choice",
        allowed: '"user", "assistant", "system"',
      },
    ]);
    copy[0].chat.history.messages = [];
    expect(read(copy).failures[0]?.path).toBe("$[0].chat.history.messages");
  });
});
