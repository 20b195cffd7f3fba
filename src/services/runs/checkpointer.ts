import type { Message } from "../../core/message.ts";
import { browserTimers, type Timers } from "../ports.ts";

type Write = (sessionId: string, message: Message | null) => unknown;

/** A letter, a digit or a symbol (emoji): text a reader sees, unlike `# ` or `- ` alone. */
const READABLE = /[\p{L}\p{N}\p{S}]/u;

/**
 * Keeps the partial answer of each running session on disk: first as soon as it holds readable
 * text (an answer that starts with `# ` would otherwise be kept as an empty heading for a
 * second), then at most one write per session per interval (about once a second), the latest
 * text always, and at once when the page goes away.
 */
export class Checkpointer {
  private readonly pending = new Map<string, Message>();
  private readonly timers = new Map<string, { handle: unknown; at: number }>();
  private readonly lastWrite = new Map<string, number>();
  /** When each run's answer first grew: markup alone waits at most an interval from then. */
  private readonly started = new Map<string, number>();

  constructor(
    private readonly write: Write,
    private readonly clock: Timers = browserTimers,
    private readonly intervalMs = 1000,
  ) {}

  /** The answer grew; it is written when it first reads as text, then once per interval. */
  note(sessionId: string, partial: Message): void {
    const now = this.clock.now();
    this.pending.set(sessionId, partial);
    if (!this.started.has(sessionId)) this.started.set(sessionId, now);
    const written = this.lastWrite.get(sessionId);
    const at =
      written !== undefined
        ? written + this.intervalMs
        : READABLE.test(partial.content)
          ? now
          : (this.started.get(sessionId) ?? now) + this.intervalMs;
    const timer = this.timers.get(sessionId);
    if (timer && timer.at <= at) return;
    if (timer) this.clock.clearTimeout(timer.handle);
    const handle = this.clock.setTimeout(() => this.fire(sessionId), Math.max(0, at - now));
    this.timers.set(sessionId, { handle, at });
  }

  /** The run ended: what it produced is committed as messages, so its checkpoint goes. */
  end(sessionId: string): void {
    this.cancel(sessionId);
    this.pending.delete(sessionId);
    this.started.delete(sessionId);
    if (this.lastWrite.delete(sessionId)) this.write(sessionId, null);
  }

  /** Writes every waiting checkpoint now (the page is being hidden or left). */
  flushNow(): void {
    for (const sessionId of [...this.pending.keys()]) {
      this.cancel(sessionId);
      this.fire(sessionId);
    }
  }

  private cancel(sessionId: string): void {
    const timer = this.timers.get(sessionId);
    if (timer) this.clock.clearTimeout(timer.handle);
    this.timers.delete(sessionId);
  }

  /** Forgets every waiting checkpoint without writing it. */
  dispose(): void {
    for (const sessionId of [...this.timers.keys()]) this.cancel(sessionId);
    this.pending.clear();
  }

  private fire(sessionId: string): void {
    this.timers.delete(sessionId);
    const partial = this.pending.get(sessionId);
    if (!partial) return;
    this.pending.delete(sessionId);
    this.lastWrite.set(sessionId, this.clock.now());
    this.write(sessionId, partial);
  }
}
