import { describe, expect, it } from "vitest";
import { canAnswerAgain } from "./answer-again.ts";

const idle = { blockedReason: null, runningHere: false, runningElsewhere: false };

describe("Regenerate and Edit and send again", () => {
  it("are offered only when the conversation is idle and sending is possible", () => {
    expect(canAnswerAgain(idle)).toBe(true);
    expect(canAnswerAgain({ ...idle, blockedReason: "The proxy is unreachable." })).toBe(false);
    expect(canAnswerAgain({ ...idle, runningHere: true })).toBe(false);
    expect(canAnswerAgain({ ...idle, runningElsewhere: true })).toBe(false);
  });
});
