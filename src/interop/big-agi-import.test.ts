import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bytesOf } from "../test/interop-sessions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const load = (name: string) => JSON.parse(readFileSync(`fixtures/exports/big-agi/${name}`, "utf8"));

function read(value: unknown) {
  const result = readImportFile("chat.agi.json", bytesOf(value), { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("big-AGI", () => {
  it("reads a single chat from its fragments: text kept, an attached note as a text attachment, reasoning left out", () => {
    const file = read(load("conversation_errand-summary.agi.json"));
    expect(file.format).toEqual({ id: "big-agi", kind: "chat" });
    const [session] = file.sessions;
    expect(session?.title).toBe("Errand summary");
    expect(session?.messages.map((m) => [m.role, m.model])).toEqual([
      ["system", undefined],
      ["user", undefined],
      ["assistant", "claude-sonnet-4-5"],
    ]);
    expect(session?.messages[1]?.content).toBe("Summarise this note, please.");
    expect(session?.messages[1]?.attachments).toMatchObject([
      { name: "note.txt", mime: "text/plain", kind: "text", text: "Buy milk.\nCall Ana." },
    ]);
    expect(session?.messages[2]?.content).toBe("Two errands: buy milk and call Ana.");
    expect(session?.messages[2]?.id).toBe("aSt0001");
    expect(session?.createdAt).toBe("2024-12-02T00:40:00.000Z");
    expect(file.notes[0]).toEqual([
      { code: "thinking-left-out", count: 1 },
      { code: "system-kept", count: 1 },
    ]);
  });

  it("reads every conversation of a backup, older text messages too, and never its model services", () => {
    const file = read(load("backup_chats_all_2.agi.json"));
    expect(file.format).toEqual({ id: "big-agi", kind: "backup" });
    expect(file.sessions.map((s) => s.title)).toEqual(["Errand summary", "Greeting"]);
    expect(file.sessions[1]?.messages.map((m) => [m.content, m.model])).toEqual([
      ["Hello from 2023", undefined],
      ["Hi! How can I help?", "gpt-4-0613"],
    ]);
    expect(JSON.stringify(file.sessions)).not.toContain("sk-");
    expect(file.warnings).toEqual([]);
  });

  it("a conversation with a message of an unknown role fails with its path; the others are read", () => {
    const backup = load("backup_chats_all_2.agi.json");
    backup.conversations[1].messages[1].role = "tool";
    const file = read(backup);
    expect(file.sessions.map((s) => s.title)).toEqual(["Errand summary"]);
    expect(file.failures).toEqual([
      {
        path: "$.conversations[1].messages[1].role",
        title: "Greeting",
        code: "field-choice",
        allowed: '"user", "assistant", "system"',
      },
    ]);
  });

  describe("big-AGI 2's whole-app backup (the Flash File)", () => {
    const chats = load("backup_chats_all_2.agi.json").conversations;
    const flash = (appChats: unknown) => ({
      _t: "agi.flash-backup",
      _v: 102000,
      metadata: {
        version: "1.2",
        timestamp: "2025-06-01T10:00:00.000Z",
        application: "Big-AGI",
        backupType: "full",
      },
      storage: {
        localStorage: {
          "app-models": { state: { sources: [{ id: "openai", setup: { oaiKey: "sk-flash" } }] } },
        },
        indexedDB: {
          "keyval-store": { keyval: [{ key: "app-chats", value: appChats }] },
          "Big-AGI": { largeAssets: [] },
        },
      },
    });

    it("reads the conversations of its app-chats value, the JSON text big-AGI persists, never its localStorage", () => {
      const text = JSON.stringify({ state: { conversations: chats }, version: 4 });
      const file = read(flash(text));
      expect(file.format).toEqual({ id: "big-agi", kind: "backup" });
      expect(file.failures).toEqual([]);
      expect(file.sessions.map((s) => s.title)).toEqual(["Errand summary", "Greeting"]);
      expect(file.sessions.map((s) => s.messages)).toEqual(
        read(load("backup_chats_all_2.agi.json")).sessions.map((s) => s.messages),
      );
      expect(JSON.stringify(file)).not.toContain("sk-flash");
    });

    it("an app-chats text that is not JSON refuses the file, naming where in that text", () => {
      const result = readImportFile("flash.json", bytesOf(flash('{"state": {"conversations": [')), {
        now,
      });
      expect(result).toMatchObject({
        ok: false,
        error: {
          path: expect.stringMatching(
            /^\$\.storage\.indexedDB\["keyval-store"\]\.keyval\[0\]\.value\.state\.conversations/,
          ),
        },
      });
    });

    it("a conversation that cannot be read fails with its path inside app-chats; the others are read", () => {
      const broken = structuredClone(chats);
      broken[1].messages[1].role = "tool";
      const file = read(flash({ state: { conversations: broken }, version: 4 }));
      expect(file.sessions.map((s) => s.title)).toEqual(["Errand summary"]);
      expect(file.failures[0]?.path).toBe(
        '$.storage.indexedDB["keyval-store"].keyval[0].value.state.conversations[1].messages[1].role',
      );
    });
  });
});
