export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Pending<I, R> {
  intent: I;
  immediate: boolean;
  waiters: Array<(result: R) => void>;
}

interface Slot<I, R> {
  pending: Pending<I, R> | undefined;
  running: Promise<void> | undefined;
  timer: unknown;
  lastStart: number;
}

export interface WriteQueueOptions<I, R> {
  /** Least time between the starts of two writes of the same key. */
  intervalMs: number;
  /** Folds a newer intent into one still waiting, so a burst becomes one write. */
  merge(waiting: I, next: I): I;
  /** Performs one write; must not throw. */
  run(key: string, intent: I): Promise<R>;
  timers?: Timers;
}

/**
 * Writes serialised per key and throttled: at most one write per key runs at a time, and
 * intents that arrive meanwhile are merged into the next one. Every caller's promise resolves
 * with the result of the write that included its intent.
 */
export class WriteQueue<I, R> {
  private slots = new Map<string, Slot<I, R>>();
  private readonly timers: Timers;

  constructor(private readonly options: WriteQueueOptions<I, R>) {
    this.timers = options.timers ?? realTimers;
  }

  push(key: string, intent: I, immediate = false): Promise<R> {
    const slot: Slot<I, R> = this.slots.get(key) ?? {
      pending: undefined,
      running: undefined,
      timer: undefined,
      lastStart: Number.NEGATIVE_INFINITY,
    };
    this.slots.set(key, slot);
    return new Promise<R>((resolve) => {
      if (slot.pending) {
        slot.pending.intent = this.options.merge(slot.pending.intent, intent);
        slot.pending.immediate ||= immediate;
        slot.pending.waiters.push(resolve);
      } else {
        slot.pending = { intent, immediate, waiters: [resolve] };
      }
      this.schedule(key, slot);
    });
  }

  /** Starts every waiting write now and resolves when nothing is queued or running. */
  async flush(): Promise<void> {
    for (;;) {
      const running: Promise<void>[] = [];
      for (const [key, slot] of this.slots) {
        if (slot.pending) {
          slot.pending.immediate = true;
          this.schedule(key, slot);
        }
        if (slot.running) running.push(slot.running);
      }
      if (running.length === 0) {
        if ([...this.slots.values()].some((s) => s.pending)) {
          await Promise.resolve();
          continue;
        }
        return;
      }
      await Promise.all(running);
    }
  }

  /** Resolves once nothing is waiting or running for `key`. */
  async whenIdle(key: string): Promise<void> {
    for (;;) {
      const slot = this.slots.get(key);
      if (!slot || (!slot.pending && !slot.running)) return;
      if (slot.running) await slot.running;
      else await new Promise<R>((resolve) => slot.pending?.waiters.push(resolve));
    }
  }

  get idle(): boolean {
    return [...this.slots.values()].every((s) => !s.pending && !s.running);
  }

  private schedule(key: string, slot: Slot<I, R>): void {
    if (slot.running || !slot.pending) return;
    const wait = slot.pending.immediate
      ? 0
      : Math.max(0, slot.lastStart + this.options.intervalMs - this.timers.now());
    if (slot.timer !== undefined) {
      if (wait > 0) return;
      this.timers.clearTimeout(slot.timer);
      slot.timer = undefined;
    }
    if (wait === 0) {
      slot.timer = true;
      queueMicrotask(() => {
        if (slot.timer !== true) return;
        slot.timer = undefined;
        this.start(key, slot);
      });
      return;
    }
    slot.timer = this.timers.setTimeout(() => {
      slot.timer = undefined;
      this.start(key, slot);
    }, wait);
  }

  private start(key: string, slot: Slot<I, R>): void {
    const pending = slot.pending;
    if (!pending || slot.running) return;
    slot.pending = undefined;
    slot.lastStart = this.timers.now();
    slot.running = this.options.run(key, pending.intent).then((result) => {
      slot.running = undefined;
      for (const resolve of pending.waiters) resolve(result);
      this.schedule(key, slot);
    });
  }
}
