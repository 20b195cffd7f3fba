import { describe, expect, it } from "vitest";
import { ImportRefusal } from "./import-issue.ts";
import { parseJson } from "./json-parse.ts";

const parse = (text: string) => parseJson(text, { maxDepth: 100 });
function refusal(text: string): ImportRefusal {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
  throw new Error("expected a refusal");
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
    expect(error.message).toContain("nested more than 100 levels");
    expect(error.path.startsWith("$[0][0][0]")).toBe(true);
  });

  it("says a truncated file is cut off, with the path where it stopped", () => {
    const error = refusal('{"sessions":[{"title":"a","messages":[{"content":"hel');
    expect(error.message).toContain("cut off");
    expect(error.path).toBe("$.sessions[0].messages[0].content");
  });

  it("refuses trailing garbage after the value", () => {
    const error = refusal('{"a":1}\n}garbage');
    expect(error.message).toContain(
      "Unexpected text after the end of the JSON data at line 2, column 1",
    );
  });

  it("names the path and position of a syntax error", () => {
    const error = refusal('{"a":{"b":[1,{"c":tru}]}}');
    expect(error.path).toBe("$.a.b[1].c");
    expect(error.message).toContain("line 1, column 19");
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
    expect(error.message).toBe(
      'The key "list" appears twice in the same object (line 2, column 1); Parley cannot tell which one is meant. Remove one of them and import the file again.',
    );
    expect(parse('{"a":{"x":1},"b":{"x":2}}').value).toEqual({ a: { x: 1 }, b: { x: 2 } });
    expect(refusal('{"__proto__":1,"__proto__":2}').path).toBe("$.__proto__");
  });

  it("replaces lone surrogates with U+FFFD and keeps valid pairs", () => {
    const result = parse('{"a":"x\\ud800y","b":"\\ud83d\\ude00","c":"\\udc00"}');
    expect(result.value).toEqual({ a: "x\uFFFDy", b: "😀", c: "\uFFFD" });
    expect(result.warnings.map((w) => w.path)).toEqual(["$.a", "$.c"]);
  });

  it("refuses control characters and unknown escapes inside strings", () => {
    expect(refusal('{"a":"x\u0001"}').message).toContain("U+0001");
    expect(refusal('{"a":"\\x41"}').message).toContain("Unknown escape");
    expect(refusal('{"a":"\\u12"}').message).toContain("four hex digits");
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
