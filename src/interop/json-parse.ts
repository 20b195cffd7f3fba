import type { JsonObject, JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { fromFile, type JsonExpected } from "./import-problem.ts";

export interface JsonParseOptions {
  maxDepth: number;
  maxWarnings?: number;
  /** Called about every `progressEvery` characters with the offset reached. */
  onProgress?: (offset: number, total: number) => void;
  progressEvery?: number;
}

export interface JsonParseResult {
  value: JsonValue;
  warnings: ImportIssue[];
  /** Warnings beyond `maxWarnings`, counted but not kept. */
  droppedWarnings: number;
}

type Frame =
  | { kind: "array"; value: JsonValue[] }
  | { kind: "object"; value: JsonObject; key: string | null };

/**
 * Sets `key` as an own data property. Assigning `__proto__` would call the inherited setter and
 * replace the object's prototype; defining it keeps it a key like any other, as JSON.parse does.
 */
function setKey(object: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__")
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else object[key] = value;
}

const LONE = "[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const LONE_SURROGATE = new RegExp(LONE);
const LONE_SURROGATES = new RegExp(LONE, "g");
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** The character at `at` as the refusal shows it: itself, or U+XXXX for a control character. */
function charAt(text: string, at: number): string {
  const cp = text.codePointAt(at) ?? 0;
  return cp < 32 ? `U+${cp.toString(16).padStart(4, "0").toUpperCase()}` : String.fromCodePoint(cp);
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: at - lineStart + 1 };
}

/**
 * A JSON parser that never recurses, so deep nesting cannot exhaust the stack. It refuses
 * nesting deeper than `maxDepth`, trailing text and truncation with the JSON path of the
 * failure, and a key that appears twice in one object (JSON.parse would keep the last one and
 * silently drop the other's data); it keeps `__proto__`, `constructor` and `prototype` as plain data keys (own
 * properties, never a prototype) and replaces lone surrogates with U+FFFD, with a warning.
 */
export function parseJson(
  text: string,
  options: JsonParseOptions,
): Result<JsonParseResult, ImportIssue> {
  const maxWarnings = options.maxWarnings ?? 200;
  const every = options.progressEvery ?? 4_000_000;
  const warnings: ImportIssue[] = [];
  let droppedWarnings = 0;
  const stack: Frame[] = [];
  let i = 0;
  let nextProgress = every;
  const n = text.length;

  const pathHere = (extra?: string | number): string => {
    const parts: Array<string | number> = [];
    for (const frame of stack) {
      if (frame.kind === "array") parts.push(frame.value.length);
      else if (frame.key !== null) parts.push(frame.key);
    }
    if (extra !== undefined) parts.push(extra);
    return jsonPath(parts);
  };
  const refusal = (expected: JsonExpected, at: number, found = charAt(text, at)): ImportIssue => {
    const where = lineAndColumn(text, at);
    if (at >= n) return issueAt(pathHere(), { code: "json-cut-off", ...where });
    return issueAt(pathHere(), { code: "json-invalid", ...where, expected, found });
  };
  const warn = (path: string) => {
    if (warnings.length < maxWarnings) warnings.push({ path, code: "surrogate-replaced" });
    else droppedWarnings++;
  };
  const skipSpace = () => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return;
    }
  };
  /** The string at `i`, or why it is not one. */
  const readString = (): string | ImportIssue => {
    const start = ++i;
    let out = "";
    let segment = start;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        escaped = true;
        out += text.slice(segment, i);
        const e = text[i + 1];
        if (e === "u") {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return refusal("hex-digits", i, `\\u${hex}`);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else {
          const plain = e === undefined ? undefined : ESCAPES[e];
          if (plain === undefined) return refusal("escape", i, `\\${e ?? ""}`);
          out += plain;
          i += 2;
        }
        segment = i;
        continue;
      }
      if (c < 32 || Number.isNaN(c)) return refusal("string-end", i);
      i++;
    }
    const value = escaped ? out + text.slice(segment, i) : text.slice(start, i);
    i++;
    if (escaped && LONE_SURROGATE.test(value)) {
      warn(pathHere());
      return value.replace(LONE_SURROGATES, "\uFFFD");
    }
    return value;
  };

  let result: JsonValue | undefined;
  let done = false;
  skipSpace();
  while (!done) {
    if (i >= nextProgress) {
      options.onProgress?.(i, n);
      nextProgress = i + every;
    }
    const top = stack[stack.length - 1];
    if (top?.kind === "object" && top.key === null) {
      if (text.charCodeAt(i) !== 34) return failed(refusal("key", i));
      const keyAt = i;
      const key = readString();
      if (typeof key !== "string") return failed(key);
      top.key = key;
      if (Object.hasOwn(top.value, key))
        return failed(
          issueAt(pathHere(), {
            code: "json-duplicate-key",
            key: fromFile(key),
            ...lineAndColumn(text, keyAt),
          }),
        );
      skipSpace();
      if (text.charCodeAt(i) !== 58) return failed(refusal("colon", i));
      i++;
      skipSpace();
    }
    let value: JsonValue | undefined;
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91) {
      if (stack.length >= options.maxDepth)
        return failed(issueAt(pathHere(), { code: "json-too-deep", maxDepth: options.maxDepth }));
      i++;
      skipSpace();
      if (c === 123) {
        const obj: JsonObject = {};
        if (text.charCodeAt(i) === 125) {
          i++;
          value = obj;
        } else {
          stack.push({ kind: "object", value: obj, key: null });
          continue;
        }
      } else {
        const arr: JsonValue[] = [];
        if (text.charCodeAt(i) === 93) {
          i++;
          value = arr;
        } else {
          stack.push({ kind: "array", value: arr });
          continue;
        }
      }
    } else if (c === 34) {
      const read = readString();
      if (typeof read !== "string") return failed(read);
      value = read;
    } else if (c === 116 && text.startsWith("true", i)) {
      value = true;
      i += 4;
    } else if (c === 102 && text.startsWith("false", i)) {
      value = false;
      i += 5;
    } else if (c === 110 && text.startsWith("null", i)) {
      value = null;
      i += 4;
    } else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m) return failed(refusal("value", i));
      value = Number(m[0]);
      i = NUMBER.lastIndex;
    }

    for (;;) {
      const parent = stack[stack.length - 1];
      if (!parent) {
        result = value;
        done = true;
        break;
      }
      if (parent.kind === "array") parent.value.push(value);
      else if (parent.key !== null) setKey(parent.value, parent.key, value);
      skipSpace();
      const d = text.charCodeAt(i);
      if (d === 44) {
        i++;
        skipSpace();
        if (parent.kind === "object") parent.key = null;
        break;
      }
      const close = parent.kind === "array" ? 93 : 125;
      if (d !== close)
        return failed(refusal(parent.kind === "array" ? "comma-or-bracket" : "comma-or-brace", i));
      i++;
      stack.pop();
      value = parent.value;
    }
  }
  skipSpace();
  if (i < n) return failed(issueAt("$", { code: "json-trailing-text", ...lineAndColumn(text, i) }));
  options.onProgress?.(n, n);
  return ok({ value: result as JsonValue, warnings, droppedWarnings });
}
