import { describe, expect, it } from "vitest";
import { snapshot } from "../core/codec/index.ts";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession, bytesOf } from "../test/interop-sessions.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";
const app = { name: "Parley", version: "0.1.0" };
const exportOf = (...sessions: ReturnType<typeof buildSampleSession>[]) =>
  JSON.parse(serializeExport(sessions, now, app));

function refused(bytes: Uint8Array, name = "evil.json") {
  const result = readImportFile(name, bytes, { now });
  if (result.ok) throw new Error("expected the file to be refused");
  expect(result.fileName).toBe(name);
  return result.error;
}
function accepted(bytes: Uint8Array) {
  const result = readImportFile("file.json", bytes, { now });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.file;
}

describe("hostile files", () => {
  it("refuses invalid JSON with the position", () => {
    expect(refused(bytesOf("{ not json"))).toEqual({
      path: "$",
      code: "json-invalid",
      line: 1,
      column: 3,
      expected: "key",
      found: "n",
    });
  });

  it("refuses a file it does not recognise and lists what it reads", () => {
    expect(refused(bytesOf({ hello: "world" }))).toEqual({ path: "$", code: "not-recognised" });
    expect(refused(bytesOf(""))).toEqual({ path: "$", code: "file-empty" });
  });

  it("refuses wrong types at the top and fails single conversations with wrong types, naming the path", () => {
    expect(refused(bytesOf({ ...exportOf(), sessions: "x" }))).toEqual({
      path: "$.sessions",
      code: "sessions-not-list",
    });
    const document = exportOf(buildSampleSession(), buildSampleSession({ id: "ba9876543210" }));
    document.sessions[1].messages[2].content = 42;
    const file = accepted(bytesOf(document));
    expect(file.sessions).toHaveLength(1);
    expect(file.failures).toEqual([
      {
        path: "$.sessions[1].messages[2].content",
        code: "conversation-refused",
        field: { code: "field-type", expected: "string", received: "number" },
        title: "Arithmetic",
      },
    ]);
  });

  it("refuses an unknown future version and says to update", () => {
    expect(refused(bytesOf({ ...exportOf(), version: 99 }))).toEqual({
      path: "$.version",
      code: "export-version-newer",
      version: 99,
      max: 3,
    });
  });

  it("fails a session of a future session format", () => {
    const document = exportOf(buildSampleSession());
    document.sessions[0].format_version = 7;
    expect(accepted(bytesOf(document)).failures[0]?.path).toBe("$.sessions[0].format_version");
  });

  it("refuses a truncated file and trailing garbage", () => {
    const text = serializeExport([buildSampleSession()], now, app);
    expect(refused(bytesOf(text.slice(0, text.length / 2))).code).toBe("json-cut-off");
    expect(refused(bytesOf(`${text}garbage`))).toMatchObject({
      path: "$",
      code: "json-trailing-text",
    });
  });

  it("reads a file with a BOM or in UTF-16, saying so", () => {
    const text = serializeExport([buildSampleSession({ title: "中文 😀" })], now, app);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(text)]);
    expect(accepted(bom).sessions[0]?.title).toBe("中文 😀");
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++)
      new DataView(utf16.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true);
    const file = accepted(utf16);
    expect(file.sessions[0]?.title).toBe("中文 😀");
    expect(file.warnings[0]).toEqual({ path: "$", code: "read-as-utf16", encoding: "UTF-16LE" });
  });

  it("refuses invalid UTF-8", () => {
    expect(refused(new Uint8Array([0x5b, 0xff, 0x5d]))).toEqual({
      path: "$",
      code: "not-utf8",
      byte: 1,
    });
  });

  it("replaces lone surrogates with a warning naming the path", () => {
    const text = serializeExport([buildSampleSession({ title: "ok" })], now, app).replace(
      '"title": "ok"',
      '"title": "x\\ud800"',
    );
    const file = accepted(bytesOf(text));
    expect(file.sessions[0]?.title).toBe("x\uFFFD");
    expect(file.warnings).toEqual([{ path: "$.sessions[0].title", code: "surrogate-replaced" }]);
  });

  it("__proto__ in state: an export with a __proto__ state key imports with the key intact and no prototype change", () => {
    const state = JSON.parse('{"__proto__":{"admin":true},"name":"Li Ming"}');
    const metadata = JSON.parse('{"pinned":false,"constructor":{"prototype":{"admin":true}}}');
    const text = serializeExport([buildSampleSession({ state, metadata })], now, app);
    expect(text).toContain('"__proto__": {');
    const file = accepted(bytesOf(text));
    const imported = file.sessions[0];
    expect(imported && Object.getOwnPropertyNames(imported.state)).toEqual(["__proto__", "name"]);
    expect(imported && Object.getPrototypeOf(imported.state)).toBe(Object.prototype);
    expect(imported && Object.getOwnPropertyDescriptor(imported.state, "__proto__")?.value).toEqual(
      { admin: true },
    );
    expect(imported?.metadata).toEqual(metadata);
    expect((imported?.state as Record<string, unknown> | undefined)?.admin).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(file.warnings).toEqual([]);
    expect(serializeExport(file.sessions, now, app)).toBe(text);
  });

  it("refuses nesting 50,000 deep", () => {
    expect(refused(bytesOf(`${"[".repeat(50_000)}${"]".repeat(50_000)}`))).toMatchObject({
      code: "json-too-deep",
      maxDepth: 100,
    });
  });

  it("refuses a 200 MB file before reading it", () => {
    expect(refused(new Uint8Array(200 * 1024 * 1024))).toEqual({
      path: "$",
      code: "file-too-large",
      megabytes: 200,
      maxMegabytes: 150,
    });
  });

  it("refuses 100,000 conversations before converting any", () => {
    const one = JSON.stringify(snapshot(buildSampleSession({ messages: [] })));
    const text = `{"format":"parley","version":1,"exported_at":"${now}","app":{"name":"x","version":"1"},"sessions":[${Array(100_000).fill(one).join(",")}]}`;
    expect(refused(bytesOf(text))).toEqual({
      path: "$",
      code: "too-many-conversations",
      count: 100_000,
      max: 10_000,
    });
  });

  it("fails the conversation with a 10 MB message and keeps the others", () => {
    const huge = "x".repeat(10 * 1024 * 1024);
    const file = accepted(
      bytesOf([
        { uuid: "a", name: "small", chat_messages: [{ sender: "human", text: "hi" }] },
        {
          uuid: "b",
          name: "big",
          chat_messages: [
            { sender: "human", text: "hi" },
            { sender: "assistant", text: huge },
          ],
        },
      ]),
    );
    expect(file.sessions.map((s) => s.title)).toEqual(["small"]);
    expect(file.failures).toEqual([
      {
        path: "$[1].chat_messages[1]",
        title: "big",
        code: "message-too-long",
        length: huge.length,
        max: 1_000_000,
      },
    ]);
  });

  it("fails a native session with a role other than the four", () => {
    const document = exportOf(buildSampleSession());
    document.sessions[0].messages[0].role = "admin";
    const file = accepted(bytesOf(document));
    expect(file.sessions).toEqual([]);
    expect(file.failures[0]?.path).toBe("$.sessions[0].messages[0].role");
  });

  it("keeps markup in titles as text and removes only control characters, with a warning", () => {
    const markup = '<script>alert("x")</script>Plan <img src=x onerror=alert(1)>B';
    const file = accepted(
      bytesOf(
        exportOf(
          buildSampleSession({ title: markup }),
          buildSampleSession({ id: "ba9876543210", title: "Why\u0007 does <div>\u0085collapse?" }),
        ),
      ),
    );
    expect(file.sessions.map((s) => s.title)).toEqual([markup, "Why does <div> collapse?"]);
    expect(file.warnings).toEqual([{ path: "$.sessions[1].title", code: "title-cleaned" }]);
    const chatgpt = accepted(
      bytesOf([
        {
          title: "<b>Hi</b>\u0000 in <table>",
          mapping: { r: { id: "r", children: [] } },
          current_node: "r",
          id: "z",
        },
      ]),
    );
    expect(chatgpt.sessions[0]?.title).toBe("<b>Hi</b> in <table>");
    expect(chatgpt.warnings).toContainEqual({
      path: "$[0].title",
      code: "title-cleaned",
    });
  });

  it("keeps message content as written: markup in messages is the renderer's job", () => {
    const content = "<script>alert(1)</script>";
    const file = accepted(
      bytesOf(
        exportOf(
          buildSampleSession({ messages: [buildMessage({ id: "a", role: "user", content })] }),
        ),
      ),
    );
    expect(file.sessions[0]?.messages[0]?.content).toBe(content);
  });
});
