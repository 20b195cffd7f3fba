import type { CodeChunk } from "./highlighted-code.tsx";

/** What a code block shows highlighted: its chunks, the first `lit` of them as spans. */
export interface HighlightView {
  code: string;
  /** The chunks built from the worker's answer for `code` (the view's own may reuse older ones). */
  source: CodeChunk[];
  chunks: CodeChunk[];
  lit: number;
}

/**
 * The view of a new answer for the block. Leading chunks that the previous view showed lit,
 * with the same text, are kept as they were (the same objects, so React leaves them alone) and
 * stay lit: a block that grows while an answer streams in does not go back to plain text.
 */
export function adopt(
  previous: HighlightView | null,
  code: string,
  source: CodeChunk[],
  litNow = 0,
): HighlightView {
  const chunks = [...source];
  let kept = 0;
  if (previous) {
    while (
      kept < previous.lit &&
      kept < chunks.length &&
      previous.chunks[kept]?.text === chunks[kept]?.text
    ) {
      chunks[kept] = previous.chunks[kept] as CodeChunk;
      kept += 1;
    }
  }
  return { code, source, chunks, lit: Math.max(kept, litNow) };
}

/** How many leading chunks can be shown lit now, within `claim`'s allowance. */
export function litAtOnce(chunks: readonly CodeChunk[], claim: (ops: number) => boolean): number {
  let lit = 0;
  while (lit < chunks.length && claim((chunks[lit] as CodeChunk).ops)) lit += 1;
  return lit;
}
