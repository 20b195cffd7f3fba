import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession, bytesOf } from "../test/interop-sessions.ts";
import { exportFileName, fileNameSlug } from "./export-file-name.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const app = { name: "Parley", version: "0.1.0" };

function reimport(text: string): Session[] {
  const result = readImportFile("export.json", bytesOf(text), { now: "2030-01-01T00:00:00.000Z" });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  expect(result.file.failures).toEqual([]);
  return result.file.sessions;
}

describe("the native export", () => {
  it("validates against docs/parley-export.schema.json", () => {
    const text = serializeExport(
      [buildSampleSession(), buildSampleSession({ id: "ba9876543210", messages: [] })],
      "2026-11-29T12:00:00.000Z",
      app,
    );
    expect(exportDocumentSchema.safeParse(JSON.parse(text)).error?.issues).toBeUndefined();
  });

  it("the schema catches what is wrong, with the path", () => {
    const document = JSON.parse(
      serializeExport([buildSampleSession()], "2026-11-29T12:00:00.000Z", app),
    );
    document.sessions[0].messages[1].role = "robot";
    document.sessions[0].session_id = "XYZ";
    const problems = exportDocumentSchema.safeParse(document).error?.issues ?? [];
    expect(problems.map((p) => [p.path.join("."), p.code]).sort()).toEqual([
      ["sessions.0.messages.1.role", "invalid_value"],
      ["sessions.0.session_id", "invalid_format"],
    ]);
  });

  it("exports, imports into an empty store and exports again to the same bytes", () => {
    const first = serializeExport(
      [
        buildSampleSession({ id: "ffffffffffff", createdAt: "2026-12-01T00:00:00.000Z" }),
        buildSampleSession(),
      ],
      "2026-11-29T12:00:00.000Z",
      app,
    );
    const again = serializeExport(reimport(first), "2026-11-29T12:00:00.000Z", app);
    expect(again).toBe(first);
    expect(JSON.parse(first).sessions.map((s: { session_id: string }) => s.session_id)).toEqual([
      "0123456789ab",
      "ffffffffffff",
    ]);
  });

  it("never writes a credential-named key of metadata or state", () => {
    const session = buildSampleSession({
      metadata: { pinned: true, api_key: "sk-123", accessToken: "tok" },
      state: { password: "p", name: "x" },
    });
    const text = serializeExport([session], "2026-11-29T12:00:00.000Z", app);
    expect(text).not.toContain("sk-123");
    expect(text).not.toContain('"tok"');
    expect(text).not.toContain('"p"');
    expect(JSON.parse(text).sessions[0].state).toEqual({ name: "x" });
  });

  it("names files after the title or all, with the date", () => {
    expect(exportFileName({ kind: "one", title: "What is 2+3?" }, "2026-11-29T12:00:00.000Z")).toBe(
      "parley-What-is-2+3-2026-11-29.json",
    );
    expect(
      exportFileName({ kind: "one", title: "长文 / 测试 <script>" }, "2026-11-29T12:00:00.000Z"),
    ).toBe("parley-长文-测试-script-2026-11-29.json");
    expect(exportFileName({ kind: "all" }, "2026-11-29T12:00:00.000Z")).toBe(
      "parley-all-2026-11-29.json",
    );
    expect(exportFileName({ kind: "selected", count: 3 }, "2026-11-29T12:00:00.000Z")).toBe(
      "parley-3-conversations-2026-11-29.json",
    );
    expect(fileNameSlug("   ")).toBe("conversation");
    expect(fileNameSlug("CON")).toBe("CON-chat");
    expect(fileNameSlug("..\\..\\etc")).toBe("etc");
  });
});

const text = fc.string({
  unit: fc.constantFrom(
    "a",
    " ",
    "\n",
    "中",
    "文",
    "😀",
    "👩‍💻",
    "ש",
    "ل",
    "\u202b",
    "é",
    '"',
    "\\",
    "<",
    "$",
    "\t",
  ),
  maxLength: 40,
});
const longText = fc
  .integer({ min: 10_000, max: 200_000 })
  .map((n) => "長い文章 مرحبا 😀 ".repeat(Math.ceil(n / 15)).slice(0, n));
const messageArb = fc.record({
  role: fc.constantFrom("system", "user", "assistant", "tool" as const),
  content: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: longText }),
  agent: fc.option(fc.constantFrom("Assistant", "Translator"), { nil: undefined }),
});
const title = fc.string({
  unit: fc.constantFrom(
    "a",
    " ",
    "中",
    "😀",
    "ש",
    "<div>",
    "</table>",
    "<",
    ">",
    "&amp;",
    '"',
    "\\",
  ),
  maxLength: 20,
});
const sessionArb = fc.record({
  title,
  stateValue: text,
  messages: fc.array(messageArb, { maxLength: 6 }),
  minute: fc.integer({ min: 0, max: 59 }),
});

describe("round trips (property)", () => {
  it("export → import → export gives the same bytes for Chinese, emoji, right-to-left and long text", () => {
    fc.assert(
      fc.property(fc.array(sessionArb, { minLength: 1, maxLength: 3 }), (drafts) => {
        const sessions = drafts.map((d, i) =>
          buildSampleSession({
            id: `00000000000${i}`,
            title: d.title,
            createdAt: `2026-11-29T10:${String(d.minute).padStart(2, "0")}:00.000Z`,
            state: { note: d.stateValue },
            messages: d.messages.map((m, k) =>
              buildMessage({
                id: `m${k}`,
                role: m.role,
                content: m.content,
                ...(m.agent ? { agent: m.agent } : {}),
              }),
            ),
          }),
        );
        const first = serializeExport(sessions, "2026-11-29T12:00:00.000Z", app);
        const restored = reimport(first);
        expect(serializeExport(restored, "2026-11-29T12:00:00.000Z", app)).toBe(first);
        expect(new Set(restored.map((s) => s.title))).toEqual(
          new Set(sessions.map((s) => s.title)),
        );
        expect(restored.map((s) => s.messages.map((m) => m.content))).toEqual(
          [...sessions]
            .sort((a, b) =>
              a.createdAt === b.createdAt
                ? a.id < b.id
                  ? -1
                  : 1
                : a.createdAt < b.createdAt
                  ? -1
                  : 1,
            )
            .map((s) => s.messages.map((m) => m.content)),
        );
      }),
      { numRuns: 60 },
    );
  });
});
