import { describe, expect, it } from "vitest";
import type { ChatRequest } from "../../contract/chat-request.ts";
import { findCalculation } from "./calculation.ts";
import { READ_LIMIT, readHistory } from "./history.ts";

describe("finding arithmetic in a message", () => {
  it.each([
    ["What is 2+3, then times 4?", "2+3", [{ symbol: "*", operand: 4 }]],
    ["先算 2+3，再把结果乘 4", "2+3", [{ symbol: "*", operand: 4 }]],
    ["compute -(2 + 3.5) × 4 please", "-(2 + 3.5) * 4", []],
    ["(1+2)*(3-4) and then add 10", "(1+2)*(3-4)", [{ symbol: "+", operand: 10 }]],
    ["2 - -3", "2 - -3", []],
    ["12+", null, null],
  ])("%s", (text, start, followUps) => {
    const found = findCalculation(text);
    if (start === null) expect(found).toBeNull();
    else expect(found).toEqual({ start, followUps });
  });

  it("a follow-up alone continues from an earlier result", () => {
    expect(findCalculation("再加 10 是多少")).toEqual({
      start: null,
      followUps: [{ symbol: "+", operand: 10 }],
    });
  });

  it("the first expression after runs that are not one: a long digit run, a run of parentheses", () => {
    const text = `${"7".repeat(50_000)} ${"(".repeat(50_000)} then 6*7`;
    expect(findCalculation(text)).toEqual({ start: "6*7", followUps: [] });
  });

  it("a demo message of 160,000 digits: the demo's rules read only its first READ_LIMIT characters", () => {
    const request: ChatRequest = {
      model: "demo",
      messages: [{ role: "user", content: `${"1".repeat(160_000)}+1` }],
    };
    const history = readHistory(request);
    expect(history.userText).toHaveLength(READ_LIMIT);
    expect(findCalculation(history.userText)).toBeNull();
  });
});
