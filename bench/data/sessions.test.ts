import { describe, expect, test } from "vitest";
import { restore } from "../../src/core/codec/index.ts";
import { longAnswer } from "./markdown.ts";
import { createRng } from "./rng.ts";
import { generateSession, lastMarker, sessionIdOf, sessionTitle } from "./sessions.ts";

const group = { tag: "Chat", count: 3, messages: 40 };

describe("generateSession", () => {
  test("is deterministic: the same group and index give the same bytes", () => {
    expect(JSON.stringify(generateSession(group, 1))).toBe(
      JSON.stringify(generateSession(group, 1)),
    );
    expect(generateSession(group, 1).session_id).not.toBe(generateSession(group, 2).session_id);
  });

  test("gives a session the app's codec accepts, with the asked number of messages", () => {
    const disk = generateSession(group, 0);
    const restored = restore(disk);
    expect(restored.ok ? restored.session.messages.length : restored.error).toBe(40);
  });

  test("writes realistic Markdown: code blocks and alternating roles", () => {
    const { messages } = generateSession({ tag: "Chat", count: 1, messages: 200 }, 0);
    expect(messages.filter((m) => m.content.includes("```")).length).toBeGreaterThan(20);
    expect(messages.map((m) => m.role).slice(0, 4)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    const mean = messages.reduce((sum, m) => sum + m.content.length, 0) / messages.length;
    expect(mean).toBeGreaterThan(200);
    expect(mean).toBeLessThan(2000);
  });

  test("plants the last marker in the last message and names sessions by tag and index", () => {
    const disk = generateSession(group, 2);
    expect(disk.messages.at(-1)?.content).toContain(lastMarker(disk.session_id));
    expect(disk.title).toBe(sessionTitle("Chat", 2));
    expect(sessionIdOf(group, 2)).toBe(disk.session_id);
  });
});

describe("longAnswer", () => {
  test("has exactly the asked number of pieces, split as the demo model splits", () => {
    const text = longAnswer(createRng(5), 2000);
    expect(text.match(/\S+\s*/g)?.length).toBe(2000);
    expect(text).toContain("```");
  });
});
