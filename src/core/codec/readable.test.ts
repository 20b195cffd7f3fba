import { describe, expect, it } from "vitest";
import { buildMessage, buildSession } from "../../test/builders.ts";
import { findHeadProblem, findMessageProblem } from "./readable.ts";

describe("what the app writes must read back", () => {
  it("findHeadProblem names the field restore would refuse", () => {
    expect(findHeadProblem(buildSession({ state: { a: 1 } }))).toBeUndefined();
    expect(findHeadProblem(buildSession({ title: "😀".repeat(200) }))).toBeUndefined();
    expect(findHeadProblem(buildSession({ title: "😀".repeat(201) }))?.path).toBe("$.title");
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 64; i++) deep = { a: deep };
    expect(findHeadProblem(buildSession({ metadata: { tags: deep as never } }))).toMatchObject({
      path: `$.metadata.tags${".a".repeat(63)}`,
      code: "field-not-json",
      problem: "too-deep",
    });
  });

  it("findMessageProblem names the message field over the codec's limits", () => {
    expect(findMessageProblem(buildMessage())).toBeUndefined();
    expect(
      findMessageProblem(
        buildMessage({ role: "assistant", error: { detail: "e".repeat(10_001) } }),
        ["messages", 2],
      ),
    ).toEqual({ path: "$.messages[2].error", code: "field-too-long", max: 10_000 });
    expect(
      findMessageProblem(
        buildMessage({ usage: { promptTokens: -1, completionTokens: 0, totalTokens: 0 } }),
      )?.path,
    ).toBe("$.usage.prompt_tokens");
  });
});
