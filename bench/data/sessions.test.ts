import { describe, expect, test } from "vitest";
import { restore } from "../../src/core/codec/index.ts";
import { latestLeafUnder, path, pathTo, versionsOf } from "../../src/core/tree.ts";
import { longAnswer } from "./markdown.ts";
import { createRng } from "./rng.ts";
import {
  firstMarker,
  generateSession,
  lastMarker,
  sessionIdOf,
  sessionTitle,
  storedMessages,
} from "./sessions.ts";

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

  test("a branched group: the visible path is as long as asked, every 10th message has 3 versions", () => {
    const branched = {
      tag: "Branched",
      count: 1,
      messages: 40,
      branches: { every: 10, versions: 3, later: 2 },
    };
    const disk = generateSession(branched, 0);
    const restored = restore(disk);
    if (!restored.ok) throw new Error(JSON.stringify(restored.error));
    const session = restored.session;
    expect(session.messages).toHaveLength(storedMessages(branched));
    expect(session.messages).toHaveLength(40 + 3 * 2 * 3);
    const shown = path(session);
    expect(shown).toHaveLength(40);
    expect(shown[0]?.content).toContain(firstMarker(disk.session_id));
    expect(shown.at(-1)?.content).toContain(lastMarker(disk.session_id));
    expect(shown.map((m) => versionsOf(session.messages, m.id).ids.length)).toEqual(
      shown.map((_, i) => (i > 0 && i % 10 === 0 ? 3 : 1)),
    );
    const older = versionsOf(session.messages, shown[10]?.id ?? "").ids[0] ?? "";
    expect(pathTo(session.messages, latestLeafUnder(session.messages, older))).toHaveLength(13);
  });
});

describe("longAnswer", () => {
  test("has exactly the asked number of pieces, split as the demo model splits", () => {
    const text = longAnswer(createRng(5), 2000);
    expect(text.match(/\S+\s*/g)?.length).toBe(2000);
    expect(text).toContain("```");
  });
});
