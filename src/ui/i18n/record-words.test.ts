import { describe, expect, it } from "vitest";
import type { MessageKey } from "./en.ts";
import { recordText } from "./record-words.ts";
import { translate } from "./use-t.ts";

// src/test/setup-dictionaries.ts has loaded Chinese and every section before this file runs.
const words = (locale: "en" | "zh") => (key: string, vars?: Record<string, string | number>) =>
  translate(locale, key as MessageKey, vars);

const chunk = {
  problem: {
    code: "codec",
    error: {
      path: "$.messages[0].id",
      code: "field-type",
      expected: "string",
      received: "number",
      more: 3,
    },
  },
} as const;

describe("why a record was set aside, in words", () => {
  it("says the codec's problem with its path and how many more there are, in English and Chinese", () => {
    expect(recordText(chunk, words("en"))).toBe(
      "at $.messages[0].id: expected string, found number (and 3 more problems)",
    );
    const chinese = recordText(chunk, words("zh"));
    expect(chinese).toBe("$.messages[0].id：需要 string，却是 number（另有 3 个问题）");
  });

  it("words each problem of the record itself, and keeps an older Parley's reason as written", () => {
    const notObject = { problem: { code: "not-an-object", record: "checkpoint" } } as const;
    expect(recordText(notObject, words("en"))).toBe(
      "the checkpoint of an unfinished answer is not a JSON object",
    );
    expect(recordText(notObject, words("zh"))).toBe("未完成回答的检查点不是 JSON 对象");
    const newer = { problem: { code: "newer-format", version: "9", max: 2 } } as const;
    expect(recordText(newer, words("zh"))).toContain("格式 9");
    const legacy = { problem: { code: "legacy", detail: "the chunk is not an object" } } as const;
    expect(recordText(legacy, words("zh"))).toBe("the chunk is not an object");
  });
});
