import { afterNextPaint } from "../next-paint.ts";

/** Calls `fn` once the next frame has been painted. */
export type AfterPaint = (fn: () => void) => void;

/**
 * Hands out turns one at a time, each after the previous one's frame was painted. Code blocks
 * take a turn per slice of highlighted spans they show, so however many blocks an answer holds,
 * the page builds and lays out one slice per task.
 */
export class RevealTurns {
  private readonly waiting = new Set<() => void>();
  private scheduled = false;
  private spent = 0;

  constructor(
    private readonly afterPaint: AfterPaint = afterNextPaint,
    /** Ops that blocks may show at once, all together, in one task (see `claim`). */
    private readonly opsPerTask = 1_500,
  ) {}

  /**
   * Whether a block may show `ops` ops in the task running now, without waiting for a turn (a
   * block scrolled back into view, or an answer that has just finished streaming, is then shown
   * as it was). Blocks share the allowance, so however many mount together the task stays small.
   */
  claim(ops: number): boolean {
    if (this.spent + ops > this.opsPerTask) return false;
    if (this.spent === 0)
      queueMicrotask(() => {
        this.spent = 0;
      });
    this.spent += ops;
    return true;
  }

  /** `turn` runs at its turn, in the order asked; the returned function gives the place up. */
  request(turn: () => void): () => void {
    const entry = () => turn();
    this.waiting.add(entry);
    this.schedule();
    return () => {
      this.waiting.delete(entry);
    };
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.size === 0) return;
    this.scheduled = true;
    this.afterPaint(() => {
      this.scheduled = false;
      const next = this.waiting.values().next().value;
      if (next) {
        this.waiting.delete(next);
        next();
      }
      this.schedule();
    });
  }
}
