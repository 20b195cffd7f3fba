import { type ChatRequest, textOf } from "../../contract/chat-request.ts";
import type { DemoStep } from "./commands.ts";
import { splitPieces } from "./pieces.ts";

/** What the demo streams of a text answer: reasoning pieces, then answer pieces, maybe cut short. */
export interface AnswerPieces {
  reasoning: string[];
  pieces: string[];
  /** Cut at `max_tokens` words: the answer finishes with `length`. */
  cut: boolean;
}

/** The answer the request ends with, when it asks the demo to go on with it. */
function partialAnswer(request: ChatRequest): string | null {
  const last = request.messages.at(-1);
  if (last?.role !== "assistant" || last.tool_calls?.length) return null;
  const text = textOf(last.content ?? null);
  return text === "" ? null : text;
}

/**
 * The pieces of a text answer. A request that ends with the start of this very answer (the
 * browser's Continue) gets the rest of it, without the reasoning again. With `max_tokens` (or
 * `max_completion_tokens`) smaller than the answer's words, the answer stops after that many
 * words (a CJK character is a word) and finishes with `length`; reasoning is not counted.
 */
export function answerToStream(
  step: Extract<DemoStep, { kind: "text" | "cut" }>,
  request: ChatRequest,
): AnswerPieces {
  let text = step.text;
  let reasoning = step.kind === "text" && step.reasoning ? splitPieces(step.reasoning) : [];
  const partial = partialAnswer(request);
  if (partial !== null && text.startsWith(partial)) {
    text = text.slice(partial.length);
    reasoning = [];
  }
  const pieces = splitPieces(text);
  const limit = request.max_completion_tokens ?? request.max_tokens;
  if (step.kind === "cut" || limit === undefined) return { reasoning, pieces, cut: false };
  let words = 0;
  for (let i = 0; i < pieces.length; i += 1) {
    if ((pieces[i] ?? "").trim() === "") continue;
    if (words === limit) return { reasoning, pieces: pieces.slice(0, i), cut: true };
    words += 1;
  }
  return { reasoning, pieces, cut: false };
}
