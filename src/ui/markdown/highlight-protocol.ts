import type { HighlightSpans } from "./highlight-tree.ts";

/** Sent to the highlight worker: one block at a time. */
export interface HighlightJob {
  id: number;
  code: string;
  language: string;
}

/**
 * Sent back: `ready` once highlight.js is loaded (a block's time budget starts then), and each
 * block's spans, null for a language it does not know.
 */
export type HighlightReply =
  | { type: "ready" }
  | { type: "done"; id: number; spans: HighlightSpans | null };
