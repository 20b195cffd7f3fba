import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { chatGptConversation } from "../test/chatgpt-conversation.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";

describe("ChatGPT mapping, as real exports shape it", () => {
  it("a node without a message in the middle of a branch is passed over: the answers under it stay versions of one answer", () => {
    const conversation = chatGptConversation([
      { id: "u1", role: "user", text: "A name for a dog?" },
      { id: "gap", role: "assistant", text: "" },
      { id: "a1", role: "assistant", text: "Rex." },
      { id: "a1b", role: "assistant", text: "Biscuit.", parent: "gap" },
      { id: "u2", role: "user", text: "Another?" },
      { id: "a2", role: "assistant", text: "Pepper." },
    ]);
    const mapping = conversation.mapping as Record<string, { message: unknown }>;
    (mapping.gap as { message: unknown }).message = null;
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    const session = result.file.sessions[0] as Session;
    expect(session.messages.map((m) => m.content)).toEqual([
      "A name for a dog?",
      "Rex.",
      "Biscuit.",
      "Another?",
      "Pepper.",
    ]);
    expect(shownTexts(session)).toEqual(["A name for a dog?", "Biscuit.", "Another?", "Pepper."]);
    expect(versionsShown(session, 1)).toEqual({ n: 2, of: 2 });
    expect(shownTexts(stepVersion(session, 1, -1))).toEqual(["A name for a dog?", "Rex."]);
    expect(result.file.notes[0]).toEqual([{ code: "versions", count: 2 }]);
  });
});
