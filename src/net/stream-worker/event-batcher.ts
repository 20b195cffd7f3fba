import type { ModelEvent } from "../../core/model.ts";

/**
 * How often the stream worker hands text to the page at most, in milliseconds: as often as the
 * page shows text (`REVEAL_MS` in `services/runs/run-events.ts`), so each message is one reveal
 * and none is a task for text that waits anyway. The page then takes 10 messages a second
 * instead of one per token (a fast model sends hundreds); at 50 ms it took 20, each about 0.2 ms
 * of its main thread (docs/performance.md, "Streaming").
 */
export const BATCH_MS = 100;

export interface BatchClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Joins consecutive text (and reasoning) deltas and sends them at most every `BATCH_MS`: the
 * first at once, the rest when the interval has passed. Any other event (a tool call, usage,
 * the finish, an error) goes at once, after the text before it, so the order never changes.
 */
export class EventBatcher {
  private pending: ModelEvent[] = [];
  private sentAt = Number.NEGATIVE_INFINITY;
  private timer: unknown;

  constructor(
    private readonly send: (events: ModelEvent[]) => void,
    private readonly clock: BatchClock,
    private readonly intervalMs = BATCH_MS,
  ) {}

  push(event: ModelEvent): void {
    const last = this.pending.at(-1);
    if (event.type === "text" || event.type === "reasoning") {
      if (last?.type === event.type) last.delta += event.delta;
      else this.pending.push({ ...event });
      const wait = this.sentAt + this.intervalMs - this.clock.now();
      if (wait <= 0) this.flush();
      else this.timer ??= this.clock.setTimeout(() => this.flush(), wait);
      return;
    }
    this.pending.push(event);
    this.flush();
  }

  /** Sends what is waiting now. */
  flush(): void {
    this.cancelTimer();
    if (this.pending.length === 0) return;
    this.sentAt = this.clock.now();
    this.send(this.pending);
    this.pending = [];
  }

  /** What is waiting, taken away unsent (for the stream's last message). */
  take(): ModelEvent[] {
    this.cancelTimer();
    const out = this.pending;
    this.pending = [];
    return out;
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
