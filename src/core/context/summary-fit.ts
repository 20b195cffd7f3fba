import type { Message } from "../message.ts";

export interface SummaryOption {
  /** Tokens kept free for a summary that is still to be made. */
  budget: number;
  /** The summary made before, with the id of the last message of the path it covers. */
  current?: { message: Message; lastCoveredId: string };
}

/** The longest summary asked for; a small window asks for an eighth of itself instead. */
const SUMMARY_TOKENS = 1024;
/** Room for the placed summary's frame and the words that introduce it. */
const SUMMARY_FRAME_TOKENS = 16;

/** The longest summary a conversation with `window` asks the model for, in tokens. */
export function summaryTokens(window: number): number {
  return Math.min(SUMMARY_TOKENS, Math.floor(window / 8));
}

/**
 * How a request over `path` summarises in a model's `window`: room kept for a summary still to
 * be made, and the newest summary on the path with the message it ends with. The run's summary
 * step and the `Context used` meter both fit with it, so the meter shows what a send will send.
 */
export function summaryOption(path: readonly Message[], window: number): SummaryOption {
  const budget = summaryTokens(window) + SUMMARY_FRAME_TOKENS;
  for (let i = path.length - 1; i >= 0; i--) {
    const message = path[i] as Message;
    if (message.summary)
      return { budget, current: { message, lastCoveredId: message.summary.lastCoveredId } };
  }
  return { budget };
}

/**
 * Why a summary must be made: there is none yet, the cut has moved past what the current one
 * covers, or the message it ends with is no longer on the path or no longer ends a turn.
 */
export type SummaryReason = "missing" | "moved" | "unknown";

export type SummaryState =
  /** Everything fits: no summary is sent. */
  | { status: "unneeded" }
  /** The current summary stands for every message before the cut and is sent before them. */
  | { status: "placed"; message: Message }
  /**
   * A summary of `covers` (the messages before the cut, oldest first) must be made, ending with
   * `lastCoveredId`; the request keeps room for `SummaryOption.budget` tokens, so it can be
   * placed before the cut without fitting again. When `previous` is set, summarising it with
   * `added` (what it does not cover yet) covers the same messages.
   */
  | {
      status: "needed";
      reason: SummaryReason;
      covers: Message[];
      lastCoveredId: string;
      previous: Message | null;
      added: Message[];
    }
  /** With room kept for a summary the newest message would not fit: older ones are only left out. */
  | { status: "no_room" };

/**
 * Where the request begins when the summary ending with `lastCoveredId` stands before it: the
 * index after that message, or -1 when the message is not on the path or does not end a turn
 * (the summary would then cover half a turn).
 */
export function summaryCut(
  lastCoveredId: string,
  path: readonly Message[],
  points: readonly number[],
): number {
  // From the end: a summary covers up to a cut near the newest messages.
  let index = path.length - 1;
  while (index >= 0 && path[index]?.id !== lastCoveredId) index--;
  if (index < 0) return -1;
  const after = index + 1;
  return after === path.length || points.includes(after) ? after : -1;
}

/** The summary that must be made for a request that begins at `cut` (`cut` > 0). */
export function neededSummary(
  path: readonly Message[],
  cut: number,
  previous: Message | undefined,
  previousCut: number,
): SummaryState {
  const covers = path.slice(0, cut);
  const lastCoveredId = path[cut - 1]?.id ?? "";
  if (!previous || previousCut < 0)
    return {
      status: "needed",
      reason: previous ? "unknown" : "missing",
      covers,
      lastCoveredId,
      previous: null,
      added: covers,
    };
  const extendable = previousCut <= cut;
  return {
    status: "needed",
    reason: "moved",
    covers,
    lastCoveredId,
    previous: extendable ? previous : null,
    added: extendable ? path.slice(previousCut, cut) : covers,
  };
}
