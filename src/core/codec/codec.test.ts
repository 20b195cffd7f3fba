import { describe, expect, it } from "vitest";
import { buildMessage, buildSession } from "../../test/builders.ts";
import type { Message } from "../message.ts";
import { cleanTitle } from "../title.ts";
import { FORMAT_VERSION } from "./disk-types.ts";
import { LIMITS } from "./limits.ts";
import { restore, restoreHead, restoreMessage } from "./restore.ts";
import { snapshot, snapshotHead, snapshotMessage } from "./snapshot.ts";

const full: Message = {
  id: "a1",
  role: "assistant",
  content: "5",
  toolCalls: [{ id: "call_1", name: "calculator", arguments: '{"expression":"2+3"}' }],
  createdAt: "2026-11-29T10:00:01.000Z",
  agent: "Assistant",
  model: "demo",
  usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
  timing: { firstTokenMs: 120, totalMs: 900 },
  status: "complete",
  error: {
    code: "step_limit",
    agent: "Assistant",
    maxSteps: 4,
    tools: ["calculator"],
    detail: "none",
  },
  isError: false,
};

const session = buildSession({
  title: "Sums",
  metadata: { pinned: true, tags: ["math"] },
  state: { name: "Li", nested: { list: [1, null, "x"] } },
  revision: 3,
  messages: [
    buildMessage({ role: "user", content: "2+3?" }),
    full,
    buildMessage({ role: "tool", content: "5", toolCallId: "call_1", isError: true }),
  ],
});

function snapshotWith(path: (string | number)[], value: unknown): unknown {
  const data = JSON.parse(JSON.stringify(snapshot(session)));
  let at = data;
  for (const key of path.slice(0, -1)) at = at[key];
  const last = path.at(-1) as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return data;
}

describe("snapshot", () => {
  it("writes the disk format's keys in order, omitting absent fields", () => {
    const disk = snapshot(session);
    expect(Object.keys(disk)).toEqual([
      "format_version",
      "session_id",
      "created_at",
      "updated_at",
      "title",
      "metadata",
      "state",
      "revision",
      "messages",
    ]);
    expect(Object.keys(snapshotMessage(full))).toEqual([
      "id",
      "role",
      "content",
      "tool_calls",
      "created_at",
      "agent",
      "model",
      "usage",
      "timing",
      "status",
      "error_code",
      "error_params",
      "error",
      "is_error",
    ]);
    expect(disk.messages[0]).toEqual({
      id: session.messages[0]?.id,
      role: "user",
      content: "2+3?",
      created_at: session.messages[0]?.createdAt,
    });
    expect(disk.messages.flatMap((m) => Object.values(m))).not.toContain(null);
    expect(disk.messages.flatMap((m) => Object.values(m))).not.toContain(undefined);
  });

  it("gives the same bytes for the same session", () => {
    const copy = restore(JSON.parse(JSON.stringify(snapshot(session))));
    expect(copy.ok && JSON.stringify(snapshot(copy.session))).toBe(
      JSON.stringify(snapshot(session)),
    );
  });

  it("leaks no in-memory field to disk", () => {
    const withExtra = { ...session, draft: "secret", messages: [{ ...full, streaming: true }] };
    const text = JSON.stringify(snapshot(withExtra));
    expect(text).not.toContain("secret");
    expect(text).not.toContain("streaming");
  });

  it("does not share state or metadata objects with the session", () => {
    const disk = snapshot(session);
    expect(disk.state).toEqual(session.state);
    expect(disk.state).not.toBe(session.state);
    expect(disk.metadata).not.toBe(session.metadata);
  });
});

describe("restore", () => {
  it("is the inverse of snapshot through JSON", () => {
    expect(restore(JSON.parse(JSON.stringify(snapshot(session))))).toEqual({ ok: true, session });
  });

  it.each([
    [
      ["messages", 2, "role"],
      "robot",
      "$.messages[2].role",
      { code: "field-choice", allowed: '"system", "user", "assistant", "tool"' },
    ],
    [
      ["messages", 1, "created_at"],
      "2026-11-29 10:00",
      "$.messages[1].created_at",
      { code: "field-time" },
    ],
    [
      ["messages", 1, "created_at"],
      "2026-11-29T10:00:00",
      "$.messages[1].created_at",
      { code: "field-time" },
    ],
    [
      ["updated_at"],
      1764410400000,
      "$.updated_at",
      { code: "field-type", expected: "string", received: "number" },
    ],
    [["session_id"], "not-an-id", "$.session_id", { code: "field-pattern", form: "id" }],
    [["messages", 0, "content"], undefined, "$.messages[0].content", { code: "field-missing" }],
    [
      ["messages", 1, "tool_calls", 0, "arguments"],
      5,
      "$.messages[1].tool_calls[0].arguments",
      { code: "field-type", expected: "string", received: "number" },
    ],
    [
      ["messages", 1, "usage", "total_tokens"],
      1.5,
      "$.messages[1].usage.total_tokens",
      { code: "field-type", expected: "int", received: "number" },
    ],
    [["messages", 1, "status"], null, "$.messages[1].status", { code: "field-choice" }],
    [
      ["state", "nested", "list", 1],
      { deep: Number.NaN },
      "$.state.nested.list[1].deep",
      { code: "field-not-json", problem: "not-finite", maxDepth: 64 },
    ],
    [["metadata"], [], "$.metadata", { code: "field-type", expected: "object" }],
    [["revision"], -1, "$.revision", { code: "field-too-small", min: 0 }],
    [
      ["title"],
      "t".repeat(LIMITS.title + 1),
      "$.title",
      { code: "field-too-long", max: LIMITS.title },
    ],
    [["messages", 0, "id"], "", "$.messages[0].id", { code: "field-empty" }],
    [["messages", 2, "id"], "a1", "$.messages[2].id", { code: "field-duplicate-id", id: "a1" }],
    [
      ["messages"],
      "none",
      "$.messages",
      { code: "field-type", expected: "array", received: "string" },
    ],
    [
      ["messages", 0, "attachments"],
      [{ hash: "abc", name: "a.png", mime: "image/png", size: 1, kind: "image" }],
      "$.messages[0].attachments[0].hash",
      { code: "field-pattern", form: "sha256" },
    ],
  ])("rejects %j = %j at %s with a code, never a sentence", (path, value, where, problem) => {
    const data = snapshotWith(path, value);
    const result = restore(data);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ path: where, ...problem });
    expect(Object.values(result.error).join(" ")).not.toMatch(/expected an|is missing|\n\s+at /);
  });

  it("counts a title's characters as cleanTitle does: 200 emoji fit, 201 do not", () => {
    const title = cleanTitle("😀".repeat(LIMITS.title + 5));
    expect(Array.from(title)).toHaveLength(LIMITS.title);
    const result = restore(snapshotWith(["title"], title));
    expect(result.ok && result.session.title).toBe(title);
    const tooLong = restore(snapshotWith(["title"], `${title}😀`));
    expect(!tooLong.ok && tooLong.error).toEqual({
      path: "$.title",
      code: "field-too-long",
      max: LIMITS.title,
    });
  });

  it("counts the other problems it found", () => {
    const data = snapshotWith(["title"], 5) as { revision: unknown };
    data.revision = "x";
    const result = restore(data);
    expect(!result.ok && result.error).toEqual({
      path: "$.title",
      code: "field-type",
      expected: "string",
      received: "number",
      more: 1,
    });
  });

  it.each([
    [null, "$", { code: "not-a-session" }],
    [[], "$", { code: "not-a-session" }],
    ["{}", "$", { code: "not-a-session" }],
    [{}, "$.format_version", { code: "field-missing" }],
    [{ format_version: "1" }, "$.format_version", { code: "version-invalid" }],
    [
      { format_version: 99 },
      "$.format_version",
      { code: "version-newer", version: 99, max: FORMAT_VERSION },
    ],
  ])("rejects %j", (data, path, problem) => {
    const result = restore(data);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({ path, ...problem });
  });

  it("accepts times with an offset and keeps them as written", () => {
    const data = snapshotWith(["messages", 0, "created_at"], "2026-11-29T18:00:00+08:00");
    const result = restore(data);
    expect(result.ok && result.session.messages[0]?.createdAt).toBe("2026-11-29T18:00:00+08:00");
  });

  it("ignores unknown keys instead of carrying them into memory", () => {
    const data = snapshotWith(["messages", 0, "mood"], "happy") as Record<string, unknown>;
    data.extra = true;
    const result = restore(data);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.session).not.toHaveProperty("extra");
    expect(result.session.messages[0]).not.toHaveProperty("mood");
  });

  it("keeps a __proto__ key in state as plain data", () => {
    const data = JSON.parse(
      JSON.stringify(snapshot(buildSession())).replace(
        '"state":{}',
        '"state":{"__proto__":{"polluted":true}}',
      ),
    );
    const result = restore(data);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.session.state)).toBe(Object.prototype);
    expect(Object.keys(result.session.state)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("rejects state nested deeper than 64 levels without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const data = snapshotWith(["state"], { deep });
    const result = restore(data);
    expect(!result.ok && result.error).toMatchObject({
      code: "field-not-json",
      problem: "too-deep",
      maxDepth: 64,
    });
  });
});

describe("restoreHead and restoreMessage", () => {
  it("round-trip the head and single messages", () => {
    const { messages, ...head } = session;
    expect(restoreHead(JSON.parse(JSON.stringify(snapshotHead(session))))).toEqual({
      ok: true,
      head,
    });
    for (const message of messages)
      expect(restoreMessage(JSON.parse(JSON.stringify(snapshotMessage(message))))).toEqual({
        ok: true,
        message,
      });
  });

  it("name the full path of a bad message", () => {
    const result = restoreMessage({ ...snapshotMessage(full), role: 1 }, ["messages", 7]);
    expect(!result.ok && result.error.path).toBe("$.messages[7].role");
  });

  it("reject a head from a newer Parley", () => {
    const result = restoreHead({ ...snapshotHead(session), format_version: FORMAT_VERSION + 1 });
    expect(!result.ok && result.error.path).toBe("$.format_version");
  });
});

describe("the conversation tree on disk (format 2)", () => {
  const question = buildMessage({ id: "q1" });
  const first = buildMessage({ id: "a1", role: "assistant" });
  const second = buildMessage({ id: "a2", role: "assistant", parentId: "q1" });
  const edited = buildMessage({ id: "q2", parentId: null });
  const tree = buildSession({ messages: [question, first, second, edited], leafId: "a1" });

  it("writes parent_id only where a message names its parent, and leaf_id when set", () => {
    const disk = snapshot(tree);
    expect(disk.format_version).toBe(2);
    expect(disk.leaf_id).toBe("a1");
    expect(disk.messages.map((m) => m.parent_id)).toEqual([undefined, undefined, "q1", null]);
    expect(Object.keys(disk.messages[2] ?? {}).slice(0, 2)).toEqual(["id", "parent_id"]);
    expect("leaf_id" in snapshot(buildSession())).toBe(false);
  });

  it("reads the tree back as it was", () => {
    expect(restore(JSON.parse(JSON.stringify(snapshot(tree))))).toEqual({
      ok: true,
      session: tree,
    });
  });

  it("reads a format 1 session as the one path it was", () => {
    const linear = buildSession({ messages: [question, first] });
    const v1 = { ...snapshot(linear), format_version: 1 };
    expect(restore(v1)).toEqual({ ok: true, session: linear });
  });

  it("refuses a parent or leaf that is no message id, naming where", () => {
    const disk = snapshot(tree);
    const badParent = restore({ ...disk, messages: [{ ...disk.messages[0], parent_id: 7 }] });
    expect(!badParent.ok && badParent.error.path).toBe("$.messages[0].parent_id");
    const badLeaf = restore({ ...disk, leaf_id: "" });
    expect(!badLeaf.ok && badLeaf.error.path).toBe("$.leaf_id");
  });
});

describe("a conversation's settings on disk", () => {
  const configured = buildSession({
    settings: {
      systemPrompt: "Be brief.",
      temperature: 0.3,
      topP: 0.9,
      maxTokens: 200,
      overflow: "summarize",
    },
  });

  it("writes only the fields that are set, in snake_case, and reads them back", () => {
    const disk = snapshot(configured);
    expect(disk.settings).toEqual({
      system_prompt: "Be brief.",
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 200,
      overflow: "summarize",
    });
    expect(restore(JSON.parse(JSON.stringify(disk)))).toEqual({ ok: true, session: configured });
  });

  it("writes no settings for a conversation that uses every default", () => {
    expect("settings" in snapshot(buildSession())).toBe(false);
    expect("settings" in snapshot(buildSession({ settings: {} }))).toBe(false);
  });

  it("reads a session written before settings existed with none", () => {
    const { settings: _none, ...old } = snapshot(configured);
    const restored = restore(old);
    expect(restored.ok && restored.session.settings).toBeUndefined();
  });

  it("refuses a value out of its range, naming the field", () => {
    const disk = snapshot(configured);
    for (const [field, value] of [
      ["temperature", 5],
      ["top_p", -0.1],
      ["max_tokens", 0],
      ["max_tokens", 1.5],
      ["reasoning_effort", "extreme"],
      ["overflow", "forget"],
    ] as const) {
      const bad = restoreHead({ ...disk, settings: { [field]: value } });
      expect(!bad.ok && bad.error.path).toBe(`$.settings.${field}`);
    }
  });
});

describe("the proxy's notes on an answer's parameters", () => {
  const noted = buildMessage({
    role: "assistant",
    paramNotes: [
      { code: "param_dropped", param: "temperature", reason: "model_refuses" },
      { code: "param_clamped", param: "max_tokens", value: 4096 },
    ],
  });

  it("round-trips through the disk format", () => {
    const disk = snapshotMessage(noted);
    expect(disk.param_notes).toEqual([
      { code: "param_dropped", param: "temperature", reason: "model_refuses" },
      { code: "param_clamped", param: "max_tokens", value: 4096 },
    ]);
    expect(restoreMessage(JSON.parse(JSON.stringify(disk)))).toEqual({ ok: true, message: noted });
  });

  it("refuses a note of an unknown kind, naming where", () => {
    const bad = restoreMessage({
      ...snapshotMessage(noted),
      param_notes: [{ code: "x", param: "t" }],
    });
    expect(!bad.ok && bad.error.path).toBe("$.param_notes[0].code");
  });
});

describe("an answer's reasoning on disk", () => {
  it("round-trips with and without its duration", () => {
    for (const reasoning of [{ text: "Think **first**.", durationMs: 12_000 }, { text: "hm" }]) {
      const message = buildMessage({ role: "assistant", content: "ok", reasoning });
      const disk = snapshotMessage(message);
      expect(disk.reasoning).toEqual(
        reasoning.durationMs === undefined
          ? { text: reasoning.text }
          : { text: reasoning.text, duration_ms: reasoning.durationMs },
      );
      expect(restoreMessage(JSON.parse(JSON.stringify(disk)))).toEqual({ ok: true, message });
    }
  });

  it("refuses a duration below zero, naming where", () => {
    const bad = restoreMessage({
      ...snapshotMessage(buildMessage({ role: "assistant" })),
      reasoning: { text: "x", duration_ms: -1 },
    });
    expect(!bad.ok && bad.error.path).toBe("$.reasoning.duration_ms");
  });
});

describe("a summary of older messages on disk", () => {
  const summary = buildMessage({
    role: "system",
    content: "They spoke of x.",
    summary: { covers: 4, lastCoveredId: "a2" },
  });

  it("is a system message that says what it covers, and reads back as one", () => {
    const disk = snapshotMessage(summary);
    expect(disk.summary).toEqual({ covers: 4, last_covered_id: "a2" });
    expect(Object.keys(disk).at(-1)).toBe("summary");
    expect(restoreMessage(JSON.parse(JSON.stringify(disk)))).toEqual({
      ok: true,
      message: summary,
    });
  });

  it("refuses a count that is not a whole number, naming the field", () => {
    const disk = { ...snapshotMessage(summary), summary: { covers: -1, last_covered_id: "a2" } };
    const bad = restoreMessage(disk, ["messages", 0]);
    expect(!bad.ok && bad.error.path).toBe("$.messages[0].summary.covers");
  });
});
