import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { path } from "../core/tree.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const load = (name: string) =>
  JSON.parse(readFileSync(`fixtures/exports/librechat/${name}`, "utf8"));

function read(value: unknown) {
  const result = readImportFile("export.json", bytesOf(value), { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("LibreChat export", () => {
  it("reads the nested (recursive) and the flat export of one conversation alike", () => {
    const tree = read(load("librechat-tree.json"));
    const flat = read(load("librechat-flat.json"));
    expect(tree.format).toEqual({ id: "librechat", kind: "all-branches" });
    expect(tree.sessions).toEqual(flat.sessions);
    expect(tree.notes).toEqual(flat.notes);
  });

  it("keeps every version and shows the latest, as LibreChat does; the plan counts them", () => {
    const file = read(load("librechat-tree.json"));
    const session = file.sessions[0] as Session;
    expect(session.messages).toHaveLength(5);
    expect(path(session).map((m) => [m.role, m.content, m.model, m.status])).toEqual([
      ["user", "Name three prime numbers.", undefined, undefined],
      ["assistant", "7, 11 and 13.", "gpt-4o-mini", "interrupted"],
    ]);
    expect(session.messages[0]?.id).toBe("1c3e5a7b-2d4f-4b6d-8e0a-1b2c3d4e5f60");
    expect(versionsShown(session, 1)).toEqual({ n: 2, of: 2 });
    expect(shownTexts(stepVersion(session, 1, -1))).toEqual([
      "Name three prime numbers.",
      "2, 3 and 5.",
      "And an even one?",
      "2 is the only even prime.",
    ]);
    expect(session?.createdAt).toBe("2024-06-03T09:00:00.000Z");
    expect(session?.title).toBe("Prime numbers");
    expect(session?.metadata).toMatchObject({
      imported_from: "librechat",
      source_id: "7a1f3c5e-9b2d-4f6a-8c1e-3d5f7a9b1c2e",
      model: "gpt-4o",
      system_prompt: "Answer in one line.",
    });
    expect(file.notes[0]).toEqual([{ code: "versions", count: 2 }]);
  });

  it("an export of one branch (branches: false) says so and has nothing left out", () => {
    const flat = load("librechat-flat.json");
    const file = read({ ...flat, branches: false, messages: flat.messages.slice(0, 4) });
    expect(file.format).toEqual({ id: "librechat", kind: "one-branch" });
    expect(file.sessions[0]?.messages.map((m) => m.content)).toEqual([
      "Name three prime numbers.",
      "2, 3 and 5.",
      "And an even one?",
      "2 is the only even prime.",
    ]);
    expect(file.notes[0]).toEqual([]);
  });

  it("an agent's content parts: text kept, reasoning left out, a tool call kept as text", () => {
    const flat = load("librechat-flat.json");
    const agent = {
      ...flat.messages[1],
      text: "",
      content: [
        { type: "think", think: "The user wants primes." },
        { type: "tool_call", tool_call: { name: "calculator", args: '{"n":3}', output: "2,3,5" } },
        { type: "text", text: "2, 3 and 5." },
      ],
    };
    const file = read({ ...flat, messages: [flat.messages[0], agent] });
    expect(file.sessions[0]?.messages[1]?.content).toBe(
      '```\ncalculator: {"n":3}\n\n2,3,5\n```\n\n2, 3 and 5.',
    );
    expect(file.notes[0]).toEqual([
      { code: "thinking-left-out", count: 1 },
      { code: "tool-call-as-text", count: 1 },
    ]);
  });

  it("a message without a messageId fails the conversation with its path", () => {
    const tree = load("librechat-tree.json");
    delete tree.messages[0].children[0].children[0].messageId;
    const file = read(tree);
    expect(file.sessions).toEqual([]);
    expect(file.failures).toEqual([
      {
        path: "$.messages[0].children[0].children[0].messageId",
        title: "Prime numbers",
        code: "field-missing",
      },
    ]);
  });

  it("a flat export whose first question was edited (two messages under NO_PARENT) keeps both, the latest shown", () => {
    const flat = load("librechat-flat.json");
    const again = {
      ...flat.messages[0],
      messageId: "9a0b1c2d-0000-4000-8000-000000000001",
      text: "Name three odd primes.",
      createdAt: "2024-06-03T09:05:00.000Z",
    };
    const answer = {
      ...flat.messages[1],
      messageId: "9a0b1c2d-0000-4000-8000-000000000002",
      parentMessageId: again.messageId,
      text: "3, 5 and 7.",
    };
    const file = read({ ...flat, messages: [...flat.messages, again, answer] });
    const session = file.sessions[0] as Session;
    expect(session.messages).toHaveLength(flat.messages.length + 2);
    expect(shownTexts(session)).toEqual(["Name three odd primes.", "3, 5 and 7."]);
    expect(versionsShown(session, 0)).toEqual({ n: 2, of: 2 });
    expect(shownTexts(stepVersion(session, 0, -1))[0]).toBe("Name three prime numbers.");
    expect(file.notes[0]).toEqual([{ code: "versions", count: 3 }]);
  });

  it("a nested export that names its roots messagesTree (LibreChat's own importer reads it) is read like messages", () => {
    const tree = load("librechat-tree.json");
    const { messages, ...rest } = tree;
    const file = read({ ...rest, messagesTree: messages });
    expect(file.sessions).toEqual(read(tree).sessions);
    expect(file.format).toEqual({ id: "librechat", kind: "all-branches" });
  });
});
