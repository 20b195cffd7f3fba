import { describe, expect, it } from "vitest";
import { summaryTranscript } from "../../../src/core/agent/summary-request.ts";
import { estimatedSizes } from "../../../src/core/context/estimate.ts";
import { buildMessage } from "../../../src/test/builders.ts";
import type { ChatRequest } from "../../contract/chat-request.ts";
import { planStep } from "./plan.ts";

/** The request the app sends for a summary, built by the app's own code. */
function summaryRequest(...args: Parameters<typeof summaryTranscript>): ChatRequest {
  const transcript = summaryTranscript(...args);
  if (!transcript) throw new Error("the transcript does not fit");
  return { model: "demo", messages: transcript.messages };
}

describe("the demo answers a request for a summary", () => {
  const turn = [
    buildMessage({ role: "user", content: "/context long" }),
    buildMessage({ role: "assistant", content: "messages=3" }),
  ];

  it("names how many messages the transcript holds, whatever they ask", () => {
    const step = planStep(summaryRequest(null, turn, estimatedSizes, 10_000));
    expect(step).toEqual({ kind: "text", text: "Summary: 2 messages" });
  });

  it("counts what an earlier summary covers with the messages added to it", () => {
    const previous = buildMessage({
      role: "system",
      content: "Summary: 6 messages",
      summary: { covers: 6, lastCoveredId: "x" },
    });
    const step = planStep(summaryRequest(previous, turn, estimatedSizes, 10_000));
    expect(step).toEqual({ kind: "text", text: "Summary: 8 messages" });
  });

  it("answers any other request as before", () => {
    const step = planStep({
      model: "demo",
      messages: [{ role: "user", content: "/echo [user]" }],
    });
    expect(step).toEqual({ kind: "text", text: "[user]" });
  });
});
