import { describe, expect, it } from "vitest";
import { bytesOf } from "../test/interop-sessions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
function read(value: unknown) {
  const result = readImportFile("file.json", bytesOf(value), { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("OpenAI messages", () => {
  const messages = [
    { role: "developer", content: "Be brief." },
    {
      role: "user",
      content: [
        { type: "text", text: "2+3?" },
        { type: "image_url", image_url: { url: "x" } },
      ],
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "c1",
          type: "function",
          function: { name: "calculator", arguments: '{"expression":"2+3"}' },
        },
      ],
    },
    { role: "tool", tool_call_id: "c1", content: "5" },
    { role: "assistant", content: "5" },
  ];

  it("a conversation with neither a title nor a question keeps an empty title, which the UI words", () => {
    const file = read([{ role: "assistant", content: "Hello" }]);
    expect(file.sessions[0]?.title).toBe("");
  });

  it("reads a bare list, mapping developer to system and keeping tool calls", () => {
    const file = read(messages);
    expect(file.format).toEqual({ id: "openai-messages" });
    const session = file.sessions[0];
    expect(session?.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(session?.messages[1]?.content).toBe("2+3?\n[image]");
    expect(session?.messages[2]?.toolCalls?.[0]?.name).toBe("calculator");
    expect(session?.messages[3]?.toolCallId).toBe("c1");
    expect(session?.title).toBe("2+3?");
    expect(session?.createdAt).toBe(now);
  });

  it("tool replies are paired with calls across turns: a result after the next user message becomes text", () => {
    const file = read([
      { role: "user", content: "2+3?" },
      messages[2],
      { role: "user", content: "never mind" },
      { role: "tool", tool_call_id: "c1", content: "5" },
      { role: "assistant", content: "ok" },
    ]);
    const session = file.sessions[0];
    expect(session?.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "2+3?"],
      ["assistant", '```\ncalculator: {"expression":"2+3"}\n```'],
      ["user", "never mind"],
      ["assistant", "```\n5\n```"],
      ["assistant", "ok"],
    ]);
    expect(file.notes[0]).toEqual([
      { code: "tool-call-as-text", count: 1 },
      { code: "tool-result-as-text", count: 1 },
    ]);
  });

  it("reads a conversation of 25,000 messages: the number of messages has no limit of its own", () => {
    const long = Array.from({ length: 25_000 }, (_, i) => ({
      role: i % 2 === 0 ? "user" : "assistant",
      content: `message ${i}`,
    }));
    const file = read(long);
    expect(file.failures).toEqual([]);
    expect(file.sessions[0]?.messages).toHaveLength(25_000);
    expect(file.sessions[0]?.messages[24_999]?.content).toBe("message 24999");
  });

  it("reads {messages: [...]} and gives the same list the same id", () => {
    expect(read({ messages }).sessions[0]?.id).toBe(read({ messages }).sessions[0]?.id);
  });

  it("leaves out messages whose role is not one of the four, with a warning naming the path", () => {
    const file = read([
      { role: "user", content: "hi" },
      { role: "narrator", content: "x" },
    ]);
    expect(file.sessions[0]?.messages).toHaveLength(1);
    expect(file.warnings).toContainEqual({
      path: "$[1].role",
      code: "role-unknown",
      role: "narrator",
    });
  });

  it("reads fine-tuning JSONL, one conversation per line", () => {
    const lines = [
      JSON.stringify({
        messages: [
          { role: "user", content: "a" },
          { role: "assistant", content: "b" },
        ],
      }),
      JSON.stringify({
        messages: [
          { role: "user", content: "c" },
          { role: "assistant", content: "d" },
        ],
      }),
    ].join("\n");
    const result = readImportFile("train.jsonl", bytesOf(`${lines}\n`), { now });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.file.format).toEqual({ id: "openai-jsonl" });
    expect(result.file.sessions.map((s) => s.title)).toEqual(["a", "c"]);
  });

  it("names the line of a broken JSONL line", () => {
    const text = `${JSON.stringify({ messages: [{ role: "user", content: "a" }] })}\n{"messages": [}\n`;
    const result = readImportFile("train.jsonl", bytesOf(text), { now });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.path).toBe("line 2: $.messages[0]");
  });
});

describe("NextChat backup", () => {
  const backup = {
    "chat-next-web-store": {
      sessions: [
        {
          id: "s1",
          topic: "你好",
          memoryPrompt: "",
          lastUpdate: 1732874400000,
          messages: [
            { id: "m1", role: "user", content: "你好", date: "2024/11/29 10:00:00" },
            {
              id: "m2",
              role: "assistant",
              content: "你好！",
              date: "2024/11/29 10:00:05",
              model: "gpt-4o-mini",
            },
            { id: "m3", role: "assistant", content: "oops", date: "", isError: true },
          ],
          mask: { context: [], modelConfig: { model: "gpt-4o-mini" } },
        },
        { id: "s2", topic: "New Conversation", messages: [], lastUpdate: 1 },
      ],
      currentSessionIndex: 0,
    },
    "access-control": {
      accessCode: "secret-access-code-123",
      openaiApiKey: "sk-live-NEVER-IMPORT-ME",
    },
    "app-config": { theme: "auto" },
  };

  it("reads the conversations only, never the access-control part", () => {
    const file = read(backup);
    expect(file.format).toEqual({ id: "nextchat" });
    expect(file.sessions).toHaveLength(1);
    const session = file.sessions[0];
    expect(session?.title).toBe("你好");
    expect(session?.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(session?.messages[1]?.model).toBe("gpt-4o-mini");
    expect(session?.messages[2]?.status).toBe("error");
    expect(session?.updatedAt).toBe("2024-11-29T10:00:05.000Z");
    const everything = JSON.stringify(file);
    expect(everything).not.toContain("sk-live-NEVER-IMPORT-ME");
    expect(everything).not.toContain("secret-access-code-123");
  });

  it("duplicate JSON keys: a backup with two sessions lists is refused with the path, not read with the last one", () => {
    const sessions = JSON.stringify(backup["chat-next-web-store"].sessions);
    const text = `{"chat-next-web-store":{"sessions":${sessions},"currentSessionIndex":0,"sessions":[]}}`;
    const result = readImportFile("Backup.json", bytesOf(text), { now });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toEqual({
        path: '$["chat-next-web-store"].sessions',
        code: "json-duplicate-key",
        key: "sessions",
        line: 1,
        column: expect.any(Number),
      });
  });
});

describe("chatbot-ui exports", () => {
  const conversation = {
    id: "c1",
    name: "Haiku",
    messages: [
      { role: "user", content: "A haiku, please" },
      { role: "assistant", content: "Autumn moonlight—" },
    ],
    model: { id: "gpt-3.5-turbo", name: "GPT-3.5" },
    prompt: "You are ChatGPT.",
    temperature: 1,
    folderId: null,
  };

  it.each([
    ["1", [{ id: 1, name: "Haiku", messages: conversation.messages }]],
    ["2", { history: [conversation], folders: [{ id: 1, name: "f" }] }],
    ["3", { version: 3, history: [conversation], folders: [] }],
    ["4", { version: 4, history: [conversation], folders: [], prompts: [] }],
  ])("reads version %s", (version, data) => {
    const file = read(data);
    expect(file.format).toEqual({ id: "chatbot-ui", version: Number(version) });
    expect(file.sessions[0]?.title).toBe("Haiku");
    expect(file.sessions[0]?.messages.map((m) => m.content)).toEqual([
      "A haiku, please",
      "Autumn moonlight—",
    ]);
  });

  it("a version 1 file whose first conversation is broken is read whole, listing that one as failed", () => {
    const file = read([
      { id: 0, name: "broken" },
      { id: 1, name: "Haiku", messages: conversation.messages },
    ]);
    expect(file.sessions.map((s) => s.title)).toEqual(["Haiku"]);
    expect(file.failures).toEqual([
      {
        path: "$[0]",
        title: "broken",
        code: "conversation-fields-missing",
        app: "chatbot-ui",
        fields: "id, name, messages",
      },
    ]);
  });

  it("keeps the model and system prompt in metadata", () => {
    expect(
      read({ version: 4, history: [conversation], folders: [], prompts: [] }).sessions[0]?.metadata,
    ).toEqual({
      imported_from: "chatbot-ui",
      source_id: "c1",
      model: "gpt-3.5-turbo",
      system_prompt: "You are ChatGPT.",
    });
  });

  it("says a version 5 export holds no conversations", () => {
    const file = read({ version: 5, folders: [], prompts: [] });
    expect(file.sessions).toEqual([]);
    expect(file.warnings).toEqual([{ path: "$", code: "prompts-only" }]);
  });
});
