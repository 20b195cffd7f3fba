import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { shownTexts, stepVersion, versionsShown } from "../test/shown-versions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const backup = JSON.parse(readFileSync("fixtures/exports/lobechat/lobechat-all.json", "utf8"));

function read(value: unknown) {
  const result = readImportFile("lobechat.json", bytesOf(value), { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("LobeChat export", () => {
  it("reads one conversation per topic, and one for a session's messages outside any topic", () => {
    const file = read(backup);
    expect(file.format).toEqual({ id: "lobechat" });
    expect(file.failures).toEqual([]);
    expect(file.sessions.map((s) => s.title)).toEqual([
      "What is the capital of Australia?",
      "French greetings",
    ]);
    const [inbox, greetings] = file.sessions;
    expect(inbox?.messages.map((m) => [m.role, m.content, m.model])).toEqual([
      ["user", "What is the capital of Australia?", undefined],
      ["assistant", "Canberra.", "gpt-4o"],
    ]);
    expect(inbox?.messages[0]?.createdAt).toBe("2024-12-01T10:48:20.000Z");
    expect(greetings?.metadata).toMatchObject({
      imported_from: "lobechat",
      source_id: "tpc_Gr33tings",
      model: "gpt-4o-mini",
      system_prompt: "Translate the user's words into French.",
    });
  });

  it("keeps every version linked by parentId, shows the latest answer, and the plan counts them", () => {
    const file = read(backup);
    const greetings = file.sessions[1] as Session;
    expect(greetings.messages).toHaveLength(5);
    expect(shownTexts(greetings)).toEqual([
      "Good morning",
      "Bon matin",
      "Good night",
      "Bonne nuit",
    ]);
    expect(file.notes[1]).toEqual([{ code: "versions", count: 2 }]);
    expect(versionsShown(greetings, 1)).toEqual({ n: 2, of: 2 });
    expect(shownTexts(stepVersion(greetings, 1, -1))).toEqual(["Good morning", "Bonjour"]);
  });

  it("keeps an answer's reasoning on it", () => {
    const file = read(backup);
    const answer = file.sessions[1]?.messages.find((m) => m.content === "Bonne nuit");
    expect(answer?.reasoning).toEqual({ text: "A simple greeting." });
  });

  it("never reads the settings, where LobeChat keeps API keys", () => {
    const file = read(backup);
    expect(JSON.stringify(file.sessions)).not.toContain("sk-proj");
    expect(file.warnings).toEqual([]);
  });

  it("a settings-only export holds no conversation", () => {
    const file = read({ exportType: "settings", state: { settings: {} }, version: 7 });
    expect(file.format.id).toBe("lobechat");
    expect(file.sessions).toEqual([]);
  });

  it("keeps an assistant's tool calls and the tool messages answering them", () => {
    const state = {
      messages: [
        { id: "u", role: "user", content: "Weather?", createdAt: 1, sessionId: "inbox" },
        {
          id: "a",
          role: "assistant",
          content: "",
          createdAt: 2,
          sessionId: "inbox",
          parentId: "u",
          tools: [{ id: "call_1", identifier: "weather", apiName: "today", arguments: "{}" }],
        },
        {
          id: "t",
          role: "tool",
          content: "Sunny",
          createdAt: 3,
          sessionId: "inbox",
          parentId: "a",
          tool_call_id: "call_1",
        },
      ],
    };
    const [session] = read({ exportType: "sessions", state, version: 7 }).sessions;
    expect(session?.messages[1]?.toolCalls).toEqual([
      { id: "call_1", name: "today", arguments: "{}" },
    ]);
    expect(session?.messages[2]).toMatchObject({ role: "tool", toolCallId: "call_1" });
  });

  it("a message with a role LobeChat never writes fails its conversation with the path; the others are read", () => {
    const copy = structuredClone(backup);
    copy.state.messages[3].role = "wizard";
    const file = read(copy);
    expect(file.sessions).toHaveLength(1);
    expect(file.failures).toEqual([
      {
        path: "$.state.messages[3].role",
        title: "French greetings",
        code: "field-choice",
        allowed: '"user", "assistant", "system", "tool", "function"',
      },
    ]);
  });

  describe("the database export of LobeChat 1.x (data, schemaHash)", () => {
    const at = (second: number) => `2025-03-01T09:00:${String(second).padStart(2, "0")}.000Z`;
    const database = {
      mode: "pglite",
      schemaHash: "a1b2c3",
      data: {
        users: [{ id: "user_1", email: "someone@example.com" }],
        userSettings: [{ id: "user_1", keyVaults: '{"openai":{"apiKey":"sk-user-secret"}}' }],
        aiProviders: [{ id: "openai", keyVaults: '{"apiKey":"sk-provider-secret"}' }],
        sessions: [{ id: "ssn_chef", slug: "chef", title: null, type: "agent" }],
        agents: [{ id: "agt_chef", title: "Chef", model: "gpt-4o", systemRole: "You are a chef." }],
        agentsToSessions: [{ agentId: "agt_chef", sessionId: "ssn_chef" }],
        topics: [{ id: "tpc_soup", title: "Soup", sessionId: "ssn_chef" }],
        messages: [
          {
            id: "m1",
            role: "user",
            content: "A soup?",
            sessionId: "ssn_chef",
            topicId: "tpc_soup",
            parentId: null,
            createdAt: at(1),
          },
          {
            id: "m2",
            role: "assistant",
            content: "Leek soup.",
            model: "gpt-4o",
            sessionId: "ssn_chef",
            topicId: "tpc_soup",
            parentId: "m1",
            createdAt: at(2),
          },
          {
            id: "m3",
            role: "assistant",
            content: "Tomato soup.",
            model: "gpt-4o",
            sessionId: "ssn_chef",
            topicId: "tpc_soup",
            parentId: "m1",
            createdAt: at(3),
          },
          {
            id: "m4",
            role: "user",
            content: "Weather?",
            sessionId: null,
            topicId: null,
            parentId: null,
            createdAt: at(4),
          },
          {
            id: "m5",
            role: "assistant",
            content: "",
            sessionId: null,
            topicId: null,
            parentId: "m4",
            createdAt: at(5),
            tools: [
              {
                id: "call_9",
                apiName: "today",
                identifier: "weather",
                arguments: "{}",
                type: "default",
              },
            ],
          },
          {
            id: "m6",
            role: "tool",
            content: "Sunny",
            sessionId: null,
            topicId: null,
            parentId: "m5",
            createdAt: at(6),
          },
        ],
        messagePlugins: [
          { id: "m6", toolCallId: "call_9", apiName: "today", identifier: "weather" },
        ],
      },
    };

    it("reads each topic and the inbox as a conversation, every version kept, the agent's model and role in metadata", () => {
      const file = read(database);
      expect(file.format).toEqual({ id: "lobechat" });
      expect(file.failures).toEqual([]);
      const [soup, inbox] = file.sessions as [Session, Session];
      expect(soup.title).toBe("Soup");
      expect(soup.messages.map((m) => m.content)).toEqual([
        "A soup?",
        "Leek soup.",
        "Tomato soup.",
      ]);
      expect(shownTexts(soup)).toEqual(["A soup?", "Tomato soup."]);
      expect(versionsShown(soup, 1)).toEqual({ n: 2, of: 2 });
      expect(soup.messages[1]?.createdAt).toBe(at(2));
      expect(soup.metadata).toMatchObject({ model: "gpt-4o", system_prompt: "You are a chef." });
      expect(file.notes[0]).toEqual([{ code: "versions", count: 2 }]);
      expect(inbox.messages[1]?.toolCalls).toEqual([
        { id: "call_9", name: "today", arguments: "{}" },
      ]);
      expect(inbox.messages[2]).toMatchObject({ role: "tool", toolCallId: "call_9" });
    });

    it("never reads the users, settings or providers, where LobeChat keeps API keys", () => {
      const text = JSON.stringify(read(database));
      expect(text).not.toContain("sk-user-secret");
      expect(text).not.toContain("sk-provider-secret");
      expect(text).not.toContain("someone@example.com");
    });
  });
});
