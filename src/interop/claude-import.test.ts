import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { path } from "../core/tree.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { sha256Hex } from "./attachments/bytes.ts";
import { PENDING_HASH } from "./conversation-draft.ts";
import { checkAttachments } from "./import-attachments.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";

describe("Claude conversations.json", () => {
  it("reads the real sample from its content blocks, its thinking kept as the answer's reasoning", () => {
    const bytes = new Uint8Array(
      readFileSync("fixtures/exports/claude/claude-ai-conversations.json"),
    );
    const result = readImportFile("conversations.json", bytes, { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.format).toEqual({ id: "claude" });
    const [session] = result.file.sessions;
    expect(session?.title).toBe("Bleep bloop");
    expect(session?.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(session?.messages.some((m) => m.parentId !== undefined)).toBe(false);
    expect(session?.leafId).toBeUndefined();
    expect(result.file.notes[0]?.some((n) => n.code === "versions")).toBe(false);
    expect(session?.messages[0]?.content).toBe(
      "Tell me about the facts behind the belief that dog saliva is anti bacterial etc",
    );
    expect(
      session?.messages[1]?.content.startsWith(
        "Dog saliva does contain some antibacterial compounds",
      ),
    ).toBe(true);
    expect(session?.messages[1]?.content).not.toContain("The user is asking");
    expect(session?.messages[1]?.id).toBe("0abf9869-20f7-4b45-99e3-4381e9d37317");
    expect(session?.createdAt).toBe("2025-07-06T03:10:13.076Z");
    expect(session?.messages[1]?.reasoning?.text).toMatch(/^The user is asking about the belief/);
    expect(session?.messages[1]?.reasoning?.durationMs).toBe(4946);
    expect(result.file.notes).toEqual([[]]);
  });

  it("turns tool_use and tool_result blocks into a tool call and a tool message", () => {
    const conversation = [
      {
        uuid: "c1",
        name: "Weather",
        created_at: "2025-01-01T00:00:00Z",
        chat_messages: [
          {
            uuid: "u1",
            sender: "human",
            text: "Weather?",
            content: [{ type: "text", text: "Weather?" }],
          },
          {
            uuid: "a1",
            sender: "assistant",
            content: [
              { type: "text", text: "Let me look." },
              { type: "tool_use", id: "toolu_1", name: "weather", input: { city: "Paris" } },
              {
                type: "tool_result",
                tool_use_id: "toolu_1",
                content: [{ type: "text", text: "Sunny" }],
              },
              { type: "text", text: "It is sunny." },
            ],
          },
        ],
      },
    ];
    const result = readImportFile("c.json", bytesOf(conversation), { now });
    if (!result.ok) throw new Error(result.error.code);
    const messages = result.file.sessions[0]?.messages ?? [];
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "Weather?"],
      ["assistant", "Let me look."],
      ["tool", "Sunny"],
      ["assistant", "It is sunny."],
    ]);
    expect(messages[1]?.toolCalls).toEqual([
      { id: "toolu_1", name: "weather", arguments: '{"city":"Paris"}' },
    ]);
    expect(messages[2]?.toolCallId).toBe("toolu_1");
  });

  describe("branches by parent_message_uuid", () => {
    const root = "00000000-0000-4000-8000-000000000000";
    const message = (uuid: string, parent: string, sender: string, content: unknown[]) => ({
      uuid,
      parent_message_uuid: parent,
      sender,
      text: "",
      content,
      created_at: "2025-07-06T03:10:13.000Z",
    });
    const text = (t: string) => ({ type: "text", text: t });
    const conversation = {
      uuid: "c-1",
      name: "Cat names",
      created_at: "2025-07-06T03:10:00.000Z",
      updated_at: "2025-07-06T03:12:00.000Z",
      chat_messages: [
        message("h1", root, "human", [text("A name for a cat?")]),
        message("a1", "h1", "assistant", [
          text("Let me look."),
          { type: "tool_use", id: "t1", name: "search", input: { q: "cat names" } },
          { type: "tool_result", tool_use_id: "t1", content: [text("Miso, Tofu")] },
          text("Miso."),
        ]),
        message("h2", "a1", "human", [text("Another?")]),
        message("a2", "h2", "assistant", [{ type: "thinking", thinking: "hm" }, text("Tofu.")]),
        message("a1b", "h1", "assistant", [text("Nori.")]),
      ],
    };
    const read = (value: unknown) => {
      const result = readImportFile("conversations.json", bytesOf([value]), { now });
      if (!result.ok) throw new Error(result.error.code);
      return result.file;
    };

    it("keeps every version, the tool blocks on their own branch, and shows current_leaf_message_uuid's", () => {
      const file = read({ ...conversation, current_leaf_message_uuid: "a2" });
      const session = file.sessions[0] as Session;
      expect(session.messages).toHaveLength(7);
      expect(path(session).map((m) => [m.role, m.content])).toEqual([
        ["user", "A name for a cat?"],
        ["assistant", "Let me look."],
        ["tool", "Miso, Tofu"],
        ["assistant", "Miso."],
        ["user", "Another?"],
        ["assistant", "Tofu."],
      ]);
      expect(path(session)[2]?.toolCallId).toBe("t1");
      expect(file.notes[0]).toEqual([{ code: "versions", count: 2 }]);
      expect(path(session).at(-1)?.reasoning).toEqual({ text: "hm" });
      expect(versionsShown(session, 1)).toEqual({ n: 1, of: 2 });
      expect(shownTexts(stepVersion(session, 1, 1))).toEqual(["A name for a cat?", "Nori."]);
    });

    it("without current_leaf_message_uuid shows the latest answer; the other version is a step away", () => {
      const session = read(conversation).sessions[0] as Session;
      expect(shownTexts(session)).toEqual(["A name for a cat?", "Nori."]);
      expect(versionsShown(session, 1)).toEqual({ n: 2, of: 2 });
      expect(shownTexts(stepVersion(session, 1, -1)).at(-1)).toBe("Tofu.");
    });
  });

  it("fails only the conversation whose sender is unknown, naming its path", () => {
    const data = [
      { uuid: "c1", name: "ok", chat_messages: [{ sender: "human", text: "hi" }] },
      { uuid: "c2", name: "bad", chat_messages: [{ sender: "robot", text: "hi" }] },
    ];
    const result = readImportFile("c.json", bytesOf(data), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.sessions.map((s) => s.title)).toEqual(["ok"]);
    expect(result.file.failures).toEqual([
      {
        path: "$[1].chat_messages[0].sender",
        title: "bad",
        code: "sender-unknown",
        sender: "robot",
      },
    ]);
  });

  it("a file whose first conversation is broken is read whole, listing that one as failed beside the good ones", () => {
    const data = [
      { uuid: "c0", name: "no messages" },
      { uuid: "c1", name: "ok", chat_messages: [{ sender: "human", text: "hi" }] },
    ];
    const result = readImportFile("c.json", bytesOf(data), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.sessions.map((s) => s.title)).toEqual(["ok"]);
    expect(result.file.failures).toEqual([
      {
        path: "$[0]",
        title: "no messages",
        code: "conversation-fields-missing",
        app: "Claude",
        fields: "chat_messages",
      },
    ]);
  });

  it("Claude content is dropped without a word: attachments (as text attachments), files, is_error, code blocks and a system message are kept, and the plan lists what was left out", async () => {
    const conversation = {
      uuid: "c1",
      name: "Kept",
      created_at: "2025-01-01T00:00:00Z",
      chat_messages: [
        { uuid: "s1", sender: "system", text: "Be terse.", content: [] },
        {
          uuid: "u1",
          sender: "human",
          content: [{ type: "text", text: "Here is my file" }],
          attachments: [
            {
              file_name: "notes_v2.txt",
              file_type: "txt",
              file_size: 24,
              extracted_content: "line 1\nline 2 ```x```",
            },
          ],
          files: [{ file_name: "photo.png" }, { file_name: "notes_v2.txt" }],
          files_v2: [{ file_kind: "image", file_name: "photo.png" }],
        },
        {
          uuid: "a1",
          sender: "assistant",
          content: [
            { type: "thinking", thinking: "hmm" },
            { type: "text", text: "Let me check." },
            { type: "tool_use", id: "toolu_1", name: "run", input: { code: "1/0" } },
            {
              type: "tool_result",
              tool_use_id: "toolu_1",
              is_error: true,
              content: [{ type: "text", text: "ZeroDivisionError" }],
            },
            { type: "code", code: "print(1)", language: "python" },
            { type: "voice_note", title: "memo" },
            { type: "text", text: "Done." },
          ],
        },
      ],
    };
    const result = readImportFile("c.json", bytesOf([conversation]), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.failures).toEqual([]);
    const messages = result.file.sessions[0]?.messages ?? [];
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ["system", "Be terse."],
      ["user", "Here is my file\n\n[photo.png]"],
      ["assistant", "Let me check."],
      ["tool", "ZeroDivisionError"],
      ["assistant", "```python\nprint(1)\n```\n\nDone."],
    ]);
    expect(messages[3]?.isError).toBe(true);
    expect(messages[1]?.attachments).toEqual([
      {
        hash: PENDING_HASH,
        name: "notes_v2.txt",
        mime: "text/plain",
        size: 21,
        kind: "text",
        text: "line 1\nline 2 ```x```",
      },
    ]);
    const checked = await checkAttachments(result.file);
    const text = new TextEncoder().encode("line 1\nline 2 ```x```");
    const hash = await sha256Hex(text);
    expect(checked.sessions[0]?.messages[1]?.attachments?.[0]?.hash).toBe(hash);
    expect(checked.verifiedBlobs).toEqual([{ hash, mime: "text/plain", bytes: text }]);
    expect(checked.notes[0]).toEqual(result.file.notes[0]);
    expect(messages[2]?.reasoning).toEqual({ text: "hmm" });
    expect(result.file.notes[0]).toEqual([
      { code: "system-kept", count: 1 },
      { code: "file-named-only", count: 1 },
      { code: "code-fenced", count: 1 },
      { code: "blocks-left-out", count: 1, detail: "voice_note" },
    ]);
  });
});
