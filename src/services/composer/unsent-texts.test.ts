import { describe, expect, it } from "vitest";
import { UnsentTexts } from "./unsent-texts.ts";

describe("unsent texts", () => {
  it("hands a message back once, to its own conversation, and tells the composers", () => {
    const texts = new UnsentTexts();
    let told = 0;
    const stop = texts.subscribe(() => told++);
    texts.putBack("a", { text: "hello", reason: "No agent is configured." });
    expect(told).toBe(1);
    expect(texts.take("b")).toBeUndefined();
    expect(texts.take("a")).toEqual({ text: "hello", reason: "No agent is configured." });
    expect(texts.take("a")).toBeUndefined();
    stop();
    texts.putBack("a", { text: "again", reason: "x" });
    expect(told).toBe(1);
  });

  it("keeps both texts when a second message fails before the first was taken", () => {
    const texts = new UnsentTexts();
    texts.putBack("a", { text: "one", reason: "first" });
    texts.putBack("a", { text: "two", reason: "second" });
    expect(texts.take("a")).toEqual({ text: "one\ntwo", reason: "second" });
  });
});
