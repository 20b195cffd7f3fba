import { describe, expect, test } from "vitest";
import type { JsonValue } from "../../src/core/json.ts";
import { readChatGpt } from "../../src/interop/chatgpt-import.ts";
import { writeChatGptExport } from "./chatgpt-export.ts";

function generate(targetBytes: number): { text: string; conversations: number; bytes: number } {
  const chunks: string[] = [];
  const result = writeChatGptExport(targetBytes, (c) => chunks.push(c), 6);
  return { text: chunks.join(""), ...result };
}

describe("writeChatGptExport", () => {
  test("writes valid JSON of at least the asked size and reports its exact size", () => {
    const { text, conversations, bytes } = generate(150_000);
    expect(bytes).toBe(Buffer.byteLength(text));
    expect(bytes).toBeGreaterThanOrEqual(150_000);
    expect((JSON.parse(text) as unknown[]).length).toBe(conversations);
  });

  test("is read by the app's ChatGPT importer without failures, every branch, the current one shown", () => {
    const { text, conversations } = generate(60_000);
    const output = readChatGpt(JSON.parse(text) as JsonValue);
    expect(output.failures).toEqual([]);
    expect(output.drafts.length).toBe(conversations);
    let edited = 0;
    for (const draft of output.drafts) {
      const parent = new Map(draft.messages.map((m) => [m.id, m.parentId]));
      let shown = 0;
      for (let at = draft.leafId; at !== undefined; at = parent.get(at)) shown++;
      expect(shown).toBe(12);
      expect((draft.messages.length - 12) % 2).toBe(0);
      if (draft.messages.length > 12) edited++;
    }
    expect(edited).toBeGreaterThan(0);
  });
});
