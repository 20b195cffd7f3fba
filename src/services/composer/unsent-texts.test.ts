import { describe, expect, it } from "vitest";
import { UnsentTexts } from "./unsent-texts.ts";

describe("unsent texts", () => {
  it("hands a message back once, to its own conversation, and tells the composers", () => {
    const texts = new UnsentTexts();
    let told = 0;
    const stop = texts.subscribe(() => told++);
    texts.putBack("a", { text: "hello", failure: { code: "session_gone" } });
    expect(told).toBe(1);
    expect(texts.take("b")).toBeUndefined();
    expect(texts.take("a")).toEqual({ text: "hello", failure: { code: "session_gone" } });
    expect(texts.take("a")).toBeUndefined();
    stop();
    texts.putBack("a", { text: "again", failure: { code: "message_empty" } });
    expect(told).toBe(1);
  });

  it("keeps both texts when a second message fails before the first was taken", () => {
    const texts = new UnsentTexts();
    texts.putBack("a", { text: "one", failure: { code: "already_running" } });
    texts.putBack("a", { text: "two", failure: { code: "session_gone" } });
    expect(texts.take("a")).toEqual({ text: "one\ntwo", failure: { code: "session_gone" } });
  });
});
