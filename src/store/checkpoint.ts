import type { Message } from "../core/message.ts";

type Write = (sessionId: string, message: Message | null) => unknown;

/**
 * Keeps the partial answer of each running session on disk: at most one write per session per
 * interval (about once a second), the latest text always, and at once when the page goes away.
 */
export class Checkpointer {
  private readonly pending = new Map<string, Message>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly lastWrite = new Map<string, number>();

  constructor(
    private readonly write: Write,
    private readonly now: () => number,
    private readonly intervalMs = 1000,
  ) {}

  /** The answer grew; it is written when the interval since the last write has passed. */
  note(sessionId: string, partial: Message): void {
    this.pending.set(sessionId, partial);
    if (this.timers.has(sessionId)) return;
    const last = this.lastWrite.get(sessionId) ?? Number.NEGATIVE_INFINITY;
    const wait = Math.max(0, last + this.intervalMs - this.now());
    this.timers.set(
      sessionId,
      setTimeout(() => this.fire(sessionId), wait),
    );
  }

  /** The run ended: what it produced is committed as messages, so its checkpoint goes. */
  end(sessionId: string): void {
    const timer = this.timers.get(sessionId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(sessionId);
    this.pending.delete(sessionId);
    if (this.lastWrite.delete(sessionId)) this.write(sessionId, null);
  }

  /** Writes every waiting checkpoint now (the page is being hidden or left). */
  flushNow(): void {
    for (const sessionId of [...this.pending.keys()]) {
      const timer = this.timers.get(sessionId);
      if (timer !== undefined) clearTimeout(timer);
      this.fire(sessionId);
    }
  }

  private fire(sessionId: string): void {
    this.timers.delete(sessionId);
    const partial = this.pending.get(sessionId);
    if (!partial) return;
    this.pending.delete(sessionId);
    this.lastWrite.set(sessionId, this.now());
    this.write(sessionId, partial);
  }
}
