import { describe, expect, it } from "vitest";
import { buildMessage } from "../../test/builders.ts";
import { cutPoints } from "./cut-points.ts";

const call = (id: string) => ({ id, name: "calculator", arguments: "{}" });

describe("cutPoints", () => {
  it("lets a request begin at the start and at every user message", () => {
    const path = [
      buildMessage({ role: "system" }),
      buildMessage({ role: "user" }),
      buildMessage({ role: "assistant" }),
      buildMessage({ role: "user" }),
      buildMessage({ role: "assistant", agent: "Translator" }),
      buildMessage({ role: "assistant", agent: "Summariser" }),
    ];
    expect(cutPoints(path)).toEqual([0, 1, 3]);
    expect(cutPoints([])).toEqual([0]);
  });

  it("never between a tool call and its result, even across an imported user message", () => {
    const path = [
      buildMessage({ role: "user" }),
      buildMessage({ role: "assistant", content: "", toolCalls: [call("c1")] }),
      buildMessage({ role: "user", content: "imported between the call and its result" }),
      buildMessage({ role: "tool", toolCallId: "c1" }),
      buildMessage({ role: "user" }),
    ];
    expect(cutPoints(path)).toEqual([0, 4]);
  });

  it("is not held back by a result whose call is not on the path", () => {
    const path = [
      buildMessage({ role: "user" }),
      buildMessage({ role: "user" }),
      buildMessage({ role: "tool", toolCallId: "elsewhere" }),
    ];
    expect(cutPoints(path)).toEqual([0, 1]);
  });
});
