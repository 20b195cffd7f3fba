import { describe, expect, it } from "vitest";
import type { ImportIssue } from "./import-issue.ts";
import { parseJson } from "./json-parse.ts";

function parse(text: string) {
  const result = parseJson(text, { maxDepth: 100 });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  return result.value;
}
function refusal(text: string): ImportIssue {
  const result = parseJson(text, { maxDepth: 100 });
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

describe("parseJson", () => {
  it("reads what JSON.parse reads", () => {
    const text = JSON.stringify({
      a: [1, -2.5e3, true, false, null, 'x\n"y" \\ \u00e9 😀'],
      b: {},
      c: [],
    });
    expect(parse(text).value).toEqual(JSON.parse(text));
  });

  it("refuses nesting 50,000 deep without exhausting the stack, naming the path", () => {
    const error = refusal(`${"[".repeat(50_000)}${"]".repeat(50_000)}`);
    expect(error).toMatchObject({ code: "json-too-deep", maxDepth: 100 });
    expect(error.path.startsWith("$[0][0][0]")).toBe(true);
  });

  it("says a truncated file is cut off, with the path where it stopped", () => {
    const error = refusal('{"sessions":[{"title":"a","messages":[{"content":"hel');
    expect(error).toMatchObject({ code: "json-cut-off", line: 1, column: 54 });
    expect(error.path).toBe("$.sessions[0].messages[0].content");
  });

  it("refuses trailing garbage after the value", () => {
    const error = refusal('{"a":1}\n}garbage');
    expect(error).toEqual({ path: "$", code: "json-trailing-text", line: 2, column: 1 });
  });

  it("names the path and position of a syntax error", () => {
    const error = refusal('{"a":{"b":[1,{"c":tru}]}}');
    expect(error.path).toBe("$.a.b[1].c");
    expect(error).toMatchObject({
      code: "json-invalid",
      line: 1,
      column: 19,
      expected: "value",
      found: "t",
    });
  });

  it("keeps __proto__, constructor and prototype keys as plain data and never touches prototypes", () => {
    const result = parse(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"ok":{"prototype":2}}',
    );
    const value = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "constructor", "ok"]);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(value.polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(value)).toBe(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}},"ok":{"prototype":2}}',
    );
    expect(result.warnings).toEqual([]);
  });

  it("duplicate JSON keys: refuses a key that appears twice in one object, naming its path", () => {
    const error = refusal('{"a":{"list":[1,2],\n"list":[]}}');
    expect(error.path).toBe("$.a.list");
    expect(error).toEqual({
      path: "$.a.list",
      code: "json-duplicate-key",
      key: "list",
      line: 2,
      column: 1,
    });
    expect(parse('{"a":{"x":1},"b":{"x":2}}').value).toEqual({ a: { x: 1 }, b: { x: 2 } });
    expect(refusal('{"__proto__":1,"__proto__":2}').path).toBe("$.__proto__");
  });

  it("replaces lone surrogates with U+FFFD and keeps valid pairs", () => {
    const result = parse('{"a":"x\\ud800y","b":"\\ud83d\\ude00","c":"\\udc00"}');
    expect(result.value).toEqual({ a: "x\uFFFDy", b: "😀", c: "\uFFFD" });
    expect(result.warnings).toEqual([
      { path: "$.a", code: "surrogate-replaced" },
      { path: "$.c", code: "surrogate-replaced" },
    ]);
  });

  it("refuses control characters and unknown escapes inside strings", () => {
    expect(refusal('{"a":"x\u0001"}')).toMatchObject({ expected: "string-end", found: "U+0001" });
    expect(refusal('{"a":"\\x41"}')).toMatchObject({ expected: "escape", found: "\\x" });
    expect(refusal('{"a":"\\u12"}')).toMatchObject({ expected: "hex-digits", found: '\\u12"}' });
  });

  it("reports progress up to the end", () => {
    const seen: number[] = [];
    parseJson(JSON.stringify({ text: "x".repeat(5000) }), {
      maxDepth: 10,
      progressEvery: 1000,
      onProgress: (done) => seen.push(done),
    });
    expect(seen.at(-1)).toBe(5011);
  });
});
