import type { Message } from "../message.ts";
import type { WireTool } from "../wire.ts";
import { REPLY_PRIMING_TOKENS, systemPromptTokens } from "./chat-format.ts";
import { cutPoints } from "./cut-points.ts";
import { isNeverSent } from "./never-sent.ts";
import { neededSummary, type SummaryOption, type SummaryState, summaryCut } from "./summary-fit.ts";
import type { TokenCount, TokenSizes } from "./token-count.ts";

/** `tighter` is for the one retry after the provider said the request was too long. */
export type FitMode = "normal" | "tighter";

/**
 * Share of the window kept free besides the answer's room. Counts are OpenAI's tokenizer's, and
 * other models split text differently (Claude, Llama and Gemini count more for some text), so a
 * normal fit keeps a small margin; the retry after a context-length error must ask for clearly
 * less than the request that failed.
 */
export const FIT_MARGIN: Readonly<Record<FitMode, number>> = { normal: 0.05, tighter: 0.2 };

export interface FitInput {
  /** The agent's instructions, sent first and never left out. */
  system: string;
  /** The tools the request declares. */
  tools?: readonly WireTool[];
  /** The messages the model may see, oldest first: the list `runTurn` sees. Never changed. */
  path: readonly Message[];
  /** The message being sent, always sent; without it the newest turn of `path` is. */
  next?: Message;
  /** The model's context window, in tokens. */
  window: number;
  /** Tokens to leave for the answer. */
  reserve: number;
  mode?: FitMode;
  /** Summarise what is left out instead of only leaving it out. */
  summary?: SummaryOption;
  sizes: TokenSizes;
}

export interface Fit {
  /** What follows the system prompt, in order: a placed summary, the sent part of `path`, `next`. */
  messages: Message[];
  /** The first message of `path` that is sent, where the log marks "Earlier messages are not sent". */
  firstSentId: string | null;
  /** Messages of `path` before the cut: not sent (a summary may stand for them). */
  omitted: number;
  /** The request's tokens: system prompt, tools, a placed summary, messages, the reply's priming. */
  tokens: number;
  /** Tokens the request may use: the window less the answer's room and the margin. */
  budget: number;
  /** Some count was the cheap estimate, the tokenizer had not counted it yet. */
  estimated: boolean;
  /** What summarising did; null when no summary was asked for. */
  summary: SummaryState | null;
}

export type FitError =
  /** The system prompt, the tools and the answer's room leave no room for any message. */
  | { code: "window_too_small"; window: number; reserve: number; margin: number; fixed: number }
  /** The newest message (with its turn when nothing new is sent) does not fit on its own. */
  | { code: "message_too_large"; messageId: string; tokens: number; room: number };

export type FitResult = { ok: true; value: Fit } | { ok: false; error: FitError };

/**
 * Which messages a request carries so that it fits the model's window with room for the answer.
 * Whole turns are left out, oldest first, so the system prompt and the newest message are always
 * sent and a tool call never goes without its result. Nothing is removed from `path`: the result
 * says what is sent and where the cut is. With `summary`, what is left out is summarised.
 */
export function fitRequest(input: FitInput): FitResult {
  const { path, next, window, reserve, sizes } = input;
  const margin = Math.ceil(window * FIT_MARGIN[input.mode ?? "normal"]);
  const budget = window - reserve - margin;
  let estimated = false;
  const read = (count: TokenCount): number => {
    if (count.source === "estimate") estimated = true;
    return count.tokens;
  };
  const cost = (message: Message) => (isNeverSent(message) ? 0 : read(sizes.message(message)));
  const fixed =
    systemPromptTokens(input.system, read(sizes.text(input.system))) +
    (input.tools && input.tools.length > 0 ? read(sizes.tools(input.tools)) : 0) +
    REPLY_PRIMING_TOKENS;
  if (fixed >= budget)
    return { ok: false, error: { code: "window_too_small", window, reserve, margin, fixed } };
  const points = cutPoints(path);
  const mandatory = next ? path.length : (points.at(-1) ?? 0);
  const start = (extra: number) => fixed + extra + (next ? cost(next) : 0);

  /** The earliest cut at which the rest of `path` fits beside `extra` tokens, and its tokens. */
  const walk = (extra: number): { cut: number; tokens: number } | FitError => {
    let total = start(extra);
    let cut = path.length;
    for (let p = points.length - 1; p >= 0; p--) {
      const point = points[p] as number;
      let longer = total;
      for (let i = cut - 1; i >= point; i--) longer += cost(path[i] as Message);
      if (longer > budget) break;
      total = longer;
      cut = point;
    }
    if (total <= budget && (next !== undefined || cut <= mandatory)) return { cut, tokens: total };
    let tokens = next ? cost(next) : 0;
    for (let i = mandatory; i < path.length; i++) tokens += cost(path[i] as Message);
    const newest = next ?? path[mandatory];
    return { code: "message_too_large", messageId: newest?.id ?? "", tokens, room: budget - fixed };
  };
  const accept = (cut: number, tokens: number, summary: SummaryState | null): FitResult => {
    const sent = path.slice(cut);
    const placed = summary?.status === "placed" ? [summary.message] : [];
    const messages = [...placed, ...sent, ...(next ? [next] : [])];
    const value = { messages, firstSentId: sent[0]?.id ?? null, omitted: cut, tokens, budget };
    return { ok: true, value: { ...value, estimated, summary } };
  };

  const plain = walk(0);
  if ("code" in plain) return { ok: false, error: plain };
  const option = input.summary;
  if (!option) return accept(plain.cut, plain.tokens, null);
  if (plain.cut === 0) return accept(0, plain.tokens, { status: "unneeded" });
  const current = option.current;
  const after = current ? summaryCut(current.lastCoveredId, path, points) : -1;
  if (current && after >= 0 && after <= mandatory) {
    let tokens = start(read(sizes.message(current.message)));
    for (let i = after; i < path.length; i++) tokens += cost(path[i] as Message);
    if (tokens <= budget)
      return accept(after, tokens, { status: "placed", message: current.message });
  }
  const room = walk(option.budget);
  if ("code" in room) return accept(plain.cut, plain.tokens, { status: "no_room" });
  const needed = neededSummary(path, room.cut, current?.message, after);
  return accept(room.cut, room.tokens - option.budget, needed);
}
