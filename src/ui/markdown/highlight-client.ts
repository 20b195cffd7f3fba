import type { HighlightJob, HighlightReply } from "./highlight-protocol.ts";
import type { HighlightSpans } from "./highlight-tree.ts";

/** What the client needs of a Web Worker (a fake in tests). */
export interface HighlightWorkerPort {
  post(job: HighlightJob): void;
  terminate(): void;
}

/** What a worker reports: its replies, and that it failed (its script did not load, or threw). */
export interface HighlightWorkerEvents {
  reply(reply: HighlightReply): void;
  fail(): void;
}

/** Calls `fire` after `ms` unless the returned function is called first. */
export type StartTimer = (ms: number, fire: () => void) => () => void;

/** A block's highlighting: its spans, or null when it stays plain. */
export type Highlighted = HighlightSpans | null;

export interface HighlightClientOptions {
  createWorker(events: HighlightWorkerEvents): HighlightWorkerPort;
  /** How long one block may take once the worker is ready. */
  budgetMs: number;
  startTimer?: StartTimer;
  cacheEntries?: number;
  /** Characters of code kept in the cache, all entries together. */
  cacheChars?: number;
}

interface Pending {
  id: number;
  key: string;
  code: string;
  language: string;
  listeners: Set<(result: Highlighted) => void>;
}

const keyOf = (code: string, language: string) => `${language}\u0000${code}`;

const defaultTimer: StartTimer = (ms, fire) => {
  const handle = setTimeout(fire, ms);
  return () => clearTimeout(handle);
};

/**
 * Highlights code blocks in a Web Worker, one at a time, each within a time budget. A stuck
 * highlight cannot be interrupted, so past the budget the worker is ended, the block stays plain
 * and the next block gets a fresh worker. Results, plain ones too, are cached by content.
 */
export class HighlightClient {
  private readonly options: Required<HighlightClientOptions>;
  private readonly cache = new Map<string, { result: Highlighted; chars: number }>();
  private cachedChars = 0;
  private readonly queue = new Map<string, Pending>();
  private worker: HighlightWorkerPort | null = null;
  private ready = false;
  private broken = false;
  private running: { job: Pending; stopTimer: () => void } | null = null;
  private nextId = 1;

  constructor(options: HighlightClientOptions) {
    this.options = {
      startTimer: defaultTimer,
      cacheEntries: 300,
      cacheChars: 1_000_000,
      ...options,
    };
  }

  /** The cached result: spans, null for a block that stays plain, undefined when not known yet. */
  cached(code: string, language: string): Highlighted | undefined {
    const key = keyOf(code, language);
    const hit = this.cache.get(key);
    if (!hit) return undefined;
    this.cache.delete(key);
    this.cache.set(key, hit);
    return hit.result;
  }

  /** Highlights the block and tells `listener` once (at once when known); returns a cancel. */
  request(code: string, language: string, listener: (result: Highlighted) => void): () => void {
    const known = this.cached(code, language);
    if (known !== undefined || this.broken) {
      listener(known ?? null);
      return () => undefined;
    }
    const key = keyOf(code, language);
    let pending = this.running?.job.key === key ? this.running.job : this.queue.get(key);
    if (!pending) {
      pending = { id: this.nextId++, key, code, language, listeners: new Set() };
      this.queue.set(key, pending);
    }
    const job = pending;
    const once = (result: Highlighted) => listener(result);
    job.listeners.add(once);
    this.pump();
    return () => {
      job.listeners.delete(once);
      if (job.listeners.size === 0 && this.queue.get(key) === job) this.queue.delete(key);
    };
  }

  /** Ends the worker; blocks still waiting stay plain. */
  dispose(): void {
    this.broken = true;
    this.endWorker();
    const waiting = [...this.queue.values()];
    this.queue.clear();
    for (const job of waiting) for (const listener of job.listeners) listener(null);
  }

  private pump(): void {
    if (this.running || this.broken || this.queue.size === 0) return;
    if (!this.worker) this.startWorker();
    if (!this.ready) return;
    const [key, job] = this.queue.entries().next().value as [string, Pending];
    this.queue.delete(key);
    const stopTimer = this.options.startTimer(this.options.budgetMs, () => this.fail(job));
    this.running = { job, stopTimer };
    this.worker?.post({ id: job.id, code: job.code, language: job.language });
  }

  private startWorker(): void {
    let worker: HighlightWorkerPort | null = null;
    const current = () => worker !== null && this.worker === worker;
    worker = this.options.createWorker({
      reply: (reply) => {
        if (!current()) return;
        if (reply.type === "ready") {
          this.ready = true;
          this.pump();
        } else if (reply.id === this.running?.job.id) {
          this.finish(this.running.job, reply.spans);
        }
      },
      fail: () => {
        if (!current()) return;
        if (this.running) this.fail(this.running.job);
        else this.dispose();
      },
    });
    this.worker = worker;
    this.ready = false;
  }

  private finish(job: Pending, result: Highlighted): void {
    this.running?.stopTimer();
    this.running = null;
    this.remember(job, result);
    this.pump();
  }

  /** Past the budget, or the worker failed on it: the block stays plain, and the worker goes. */
  private fail(job: Pending): void {
    this.endWorker();
    this.remember(job, null);
    this.pump();
  }

  private endWorker(): void {
    this.running?.stopTimer();
    this.running = null;
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }

  private remember(job: Pending, result: Highlighted): void {
    const chars = job.code.length;
    const old = this.cache.get(job.key);
    if (old) {
      this.cache.delete(job.key);
      this.cachedChars -= old.chars;
    }
    if (chars <= this.options.cacheChars) {
      this.cache.set(job.key, { result, chars });
      this.cachedChars += chars;
      for (const [key, entry] of this.cache) {
        if (
          this.cache.size <= this.options.cacheEntries &&
          this.cachedChars <= this.options.cacheChars
        )
          break;
        this.cache.delete(key);
        this.cachedChars -= entry.chars;
      }
    }
    for (const listener of job.listeners) listener(result);
  }
}
