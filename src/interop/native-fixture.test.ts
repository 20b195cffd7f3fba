import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import type { ImportFormat } from "./importer.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const FIXTURE = "fixtures/exports/parley/parley-v1.json";
const bytes = readFileSync(FIXTURE);

function imported(): { sessions: Session[]; format: ImportFormat } {
  const result = readImportFile("parley-v1.json", new Uint8Array(bytes), {
    now: "2030-01-01T00:00:00.000Z",
  });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  expect(result.file.failures).toEqual([]);
  expect(result.file.warnings).toEqual([]);
  return { sessions: result.file.sessions, format: result.file.format };
}

describe("a saved version 1 export (fixtures/exports/parley/parley-v1.json)", () => {
  it("imports every conversation with every field", () => {
    const { sessions, format } = imported();
    expect(format).toEqual({ id: "parley", version: 1 });
    expect(sessions.map((s) => s.id)).toEqual(["0a1b2c3d4e5f", "0a1b2c3d4e60", "ffffffffffff"]);
    const [math, markup, empty] = sessions;
    expect(math).toEqual({
      id: "0a1b2c3d4e5f",
      createdAt: "2026-11-29T10:00:00.000Z",
      updatedAt: "2026-11-29T10:05:30.250Z",
      title: "Arithmetic with the calculator",
      metadata: { pinned: true, tags: ["math", "demo"], pipeline: ["Assistant", "Translator"] },
      state: {
        name: "Li Ming",
        last_result: 5,
        preferences: { units: "metric", history: [1, 2.5, null, true] },
      },
      revision: 7,
      messages: [
        {
          id: "sys-1",
          role: "system",
          content: "You are a careful assistant.",
          createdAt: "2026-11-29T10:00:00.000Z",
        },
        {
          id: "u1",
          role: "user",
          content: "What is 2+3? And 10/4?",
          createdAt: "2026-11-29T10:01:00.000Z",
        },
        {
          id: "a1",
          role: "assistant",
          content: "",
          toolCalls: [
            { id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' },
            { id: "call_2", name: "calculator", arguments: '{"expression":"10/4"}' },
          ],
          createdAt: "2026-11-29T10:01:01.000Z",
          agent: "Assistant",
          model: "demo",
          usage: { promptTokens: 42, completionTokens: 18, totalTokens: 60 },
          timing: { firstTokenMs: 120, totalMs: 640.5 },
          status: "complete",
        },
        {
          id: "t1",
          role: "tool",
          content: "5",
          toolCallId: "call_1",
          createdAt: "2026-11-29T10:01:02.000Z",
        },
        {
          id: "t2",
          role: "tool",
          content: "2.5",
          toolCallId: "call_2",
          createdAt: "2026-11-29T10:01:02.000Z",
        },
        {
          id: "a2",
          role: "assistant",
          content: "2+3 is **5** and 10/4 is **2.5**.",
          createdAt: "2026-11-29T10:01:03.000Z",
          agent: "Assistant",
          model: "demo",
          usage: { promptTokens: 80, completionTokens: 12, totalTokens: 92 },
          timing: { totalMs: 900 },
          status: "complete",
        },
        {
          id: "a3",
          role: "assistant",
          content: "2 加 3 等于 5。",
          createdAt: "2026-11-29T10:01:04.000Z",
          agent: "Translator",
          model: "demo",
          status: "complete",
        },
      ],
    });
    expect(markup?.title).toBe("Why does <div> collapse in <table>? 😀 שלום");
    expect([markup?.createdAt, markup?.updatedAt]).toEqual([
      "2026-11-29T11:00:00.000Z",
      "2026-11-29T11:20:00.000Z",
    ]);
    expect(markup?.messages.map((m) => [m.createdAt.slice(11, 19), m.agent, m.model])).toEqual([
      ["11:00:00", undefined, undefined],
      ["11:00:05", "Assistant", "gpt-4o-mini"],
      ["11:10:00", "Assistant", "gpt-4o-mini"],
      ["11:10:01", undefined, undefined],
      ["11:10:02", "Assistant", "gpt-4o-mini"],
    ]);
    expect(markup?.metadata).toEqual({ pinned: false });
    expect(markup?.state).toEqual({});
    expect(markup?.revision).toBe(2);
    expect(markup?.messages[0]?.content).toBe(
      "Why does <div> collapse in <table>?\n\n```html\n<table><div>x</div></table>\n```",
    );
    expect(markup?.messages.map((m) => [m.id, m.role, m.status, m.isError])).toEqual([
      ["u1", "user", undefined, undefined],
      ["a1", "assistant", "interrupted", undefined],
      ["a2", "assistant", "complete", undefined],
      ["t9", "tool", undefined, true],
      ["a3", "assistant", "error", undefined],
    ]);
    expect(markup?.messages[1]?.timing).toEqual({ firstTokenMs: 300, totalMs: 1500 });
    expect(markup?.messages[2]?.toolCalls).toEqual([
      { id: "call_9", name: "lookup", arguments: '{"q":' },
    ]);
    expect(markup?.messages[3]?.toolCallId).toBe("call_9");
    expect(markup?.messages[4]?.error).toEqual({
      detail: "The provider refused the request (429): the quota is used up. Try again later.",
    });
    expect(empty).toEqual({
      id: "ffffffffffff",
      createdAt: "2026-11-29T11:30:00.000Z",
      updatedAt: "2026-11-29T11:30:00.000Z",
      title: "",
      metadata: {},
      state: {},
      revision: 0,
      messages: [],
    });
  });

  it("exports again as version 3 to the same bytes, apart from the versions and credentials_removed", () => {
    const text = bytes
      .toString("utf8")
      .replace('  "credentials_removed": 1,\n', "")
      .replace('"version": 1,', '"version": 3,')
      .replaceAll('"format_version": 1,', '"format_version": 2,');
    expect(exportDocumentSchema.safeParse(JSON.parse(text)).error?.issues).toBeUndefined();
    const again = serializeExport(imported().sessions, "2026-11-29T12:00:00.000Z", {
      name: "Parley",
      version: "0.1.0",
    });
    expect(again).toBe(text);
  });
});
