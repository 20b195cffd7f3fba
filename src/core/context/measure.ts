import type { Message } from "../message.ts";
import type { WireTool } from "../wire.ts";
import { fitRequest } from "./fit-request.ts";
import { answerReserve, type ModelFacts } from "./model-facts.ts";
import { summaryOption } from "./summary-fit.ts";
import type { TokenSizes } from "./token-count.ts";

export interface ContextMeasure {
  /** Tokens the next request would take: fitted, with the draft, without the answer's room. */
  tokens: number;
  window: number;
  /** What the request may take: the window less the answer's room and the fit's margin. */
  budget: number;
  /** Messages of the path that the next request would leave out. */
  omitted: number;
  /** A summary goes in place of the messages left out: one on the path, or one the send will make. */
  summarized: boolean;
  /** The draft (with the newest turn) does not fit even alone. */
  tooLong: boolean;
  /** Some count was the estimate, the tokenizer had not counted it yet. */
  estimated: boolean;
}

export interface MeasureInput {
  system: string;
  tools: readonly WireTool[];
  path: readonly Message[];
  /** The text being written; empty when there is none. */
  draft: string;
  facts: ModelFacts;
  sizes: TokenSizes;
  /** The answer's room when the conversation or agent sets max tokens. */
  maxTokens?: number | undefined;
  /** The conversation summarises what is left out (`settings.overflow = "summarize"`). */
  summarize?: boolean | undefined;
}

/** The draft as the message it would become, for counting only. */
export const draftMessage = (text: string): Message => ({
  id: "draft",
  role: "user",
  content: text,
  createdAt: "1970-01-01T00:00:00.000Z",
});

/**
 * What the next send would take of the model's window, as the meter by the composer shows it.
 * In a conversation that summarises it is fitted as the run fits it (`summaryOption`): a summary
 * that still stands counts in place of what it covers, and one the send will have to make counts
 * as the room kept for it, the longest it may be.
 */
export function measureContext(input: MeasureInput): ContextMeasure {
  const window = input.facts.contextWindow;
  const summary = input.summarize ? summaryOption(input.path, window) : undefined;
  const fit = fitRequest({
    system: input.system,
    tools: input.tools,
    path: input.path,
    ...(input.draft.trim() === "" ? {} : { next: draftMessage(input.draft) }),
    window,
    reserve: answerReserve(input.facts, input.maxTokens),
    sizes: input.sizes,
    ...(summary ? { summary } : {}),
  });
  if (fit.ok) {
    const { budget, omitted, estimated } = fit.value;
    const status = fit.value.summary?.status;
    const tokens = fit.value.tokens + (status === "needed" && summary ? summary.budget : 0);
    const summarized = status === "placed" || status === "needed";
    return { tokens, window, budget, omitted, summarized, tooLong: false, estimated };
  }
  const tokens = fit.error.code === "message_too_large" ? fit.error.tokens : fit.error.fixed;
  return {
    tokens,
    window,
    budget: window,
    omitted: 0,
    summarized: false,
    tooLong: true,
    estimated: false,
  };
}
