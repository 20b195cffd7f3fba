import { describe, expect, it } from "vitest";
import { titleRequest } from "../../../src/core/agent/title-request.ts";
import { titleFromAnswer } from "../../../src/core/generated-title.ts";
import { deriveTitle } from "../../../src/core/title.ts";
import type { ChatRequest } from "../../contract/chat-request.ts";
import { answerToStream } from "./answer-pieces.ts";
import { planStep } from "./plan.ts";

/** The request the app sends for a title, built by the app's own code, with its token limit. */
function titleRequestFor(question: string, answer: string): ChatRequest {
  const { model, messages, params } = titleRequest("demo", { question, answer });
  return { model, messages, ...(params?.maxTokens ? { max_tokens: params.maxTokens } : {}) };
}

/** What the demo streams for the title request: the whole of it, never cut by the limit. */
function answerTo(question: string, answer = "/echo [user]") {
  const request = titleRequestFor(question, answer);
  const step = planStep(request);
  if (step.kind !== "text") return step;
  const streamed = answerToStream(step, request);
  expect(streamed.cut).toBe(false);
  return { kind: "text", text: streamed.pieces.join("") };
}

describe("the demo answers a request for a title", () => {
  it.each([
    "What is 2+3, then times 4?",
    "\n\n  My   name is\tLi Ming.\nand more",
    "先算 2+3，再把结果乘 4",
    "/echo a command is a first line like any other",
    `${"a rather long first message ".repeat(5)}that goes on`,
    "长".repeat(100),
  ])("with the first line of the first message, cut as the app cuts a title: %j", (question) => {
    expect(answerTo(question)).toEqual({ kind: "text", text: deriveTitle(question) });
  });

  it("so the app keeps the title the conversation had, as it was typed", () => {
    const question = "Tell me a story about a cat.";
    const step = answerTo(question, "Once upon a time.");
    if (!("text" in step)) throw new Error("the demo did not answer in text");
    expect(titleFromAnswer(step.text, deriveTitle(question))).toBeNull();
  });

  it("answers any other request as before", () => {
    const step = planStep({
      model: "demo",
      messages: [{ role: "user", content: "/echo Write a title for the conversation below" }],
    });
    expect(step).toEqual({ kind: "text", text: "Write a title for the conversation below" });
  });
});
