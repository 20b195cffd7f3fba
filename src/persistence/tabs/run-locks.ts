import * as z from "zod/mini";
import type { RunClaim, RunLocks } from "../repository.ts";
import { realTimers, type Timers } from "../writer/write-queue.ts";
import type { TabChannel } from "./change-feed.ts";

/** The part of the Web Locks API used here (`navigator.locks`). */
export interface LockApi {
  request<T>(
    name: string,
    options: { mode?: "exclusive" | "shared"; ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
  query(): Promise<{ held?: Array<{ name?: string; mode?: string }> }>;
}

/** What tabs post on the runs channel; anything else is ignored. */
const wireSchema = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["started", "alive", "stopped"]), id: z.string() }),
  z.object({ type: z.literal("who") }),
]);
type Wire = z.infer<typeof wireSchema>;

export const RUNS_CHANNEL = "parley-runs";
const PREFIX = "parley-run:";
const HEARTBEAT_MS = 1000;
const EXPIRY_MS = 3500;
const WATCHER_WAIT_MS = 1000;

/**
 * Web Locks make the claim exclusive and tell other tabs when the holder is gone (its tab
 * closed or crashed: the browser releases its locks). Where locks are missing, tabs announce
 * their runs over the channel with a heartbeat, and a run not heard of for a few seconds is over.
 */
export class TabRunLocks implements RunLocks {
  private readonly own = new Set<string>();
  private readonly others = new Map<string, number>();
  private readonly watching = new Set<string>();
  private readonly listeners = new Set<(elsewhere: ReadonlySet<string>) => void>();
  private readonly timers: Timers;
  private heartbeat: unknown;

  constructor(
    private readonly options: { locks?: LockApi; channel?: TabChannel; timers?: Timers } = {},
  ) {
    this.timers = options.timers ?? realTimers;
    options.channel?.addEventListener("message", (event) => this.receive(event.data));
    this.post({ type: "who" });
    if (options.locks) void this.discoverHeldLocks(options.locks);
    else this.tick();
  }

  async claim(sessionId: string): Promise<RunClaim | undefined> {
    if (this.own.has(sessionId) || this.others.has(sessionId)) return undefined;
    const { locks } = this.options;
    if (!locks) return this.take(sessionId, () => undefined);
    const name = PREFIX + sessionId;
    return new Promise<RunClaim | undefined>((resolve) => {
      let release = () => {};
      const released = new Promise<void>((done) => {
        release = done;
      });
      const hold = async (lock: unknown): Promise<boolean> => {
        if (lock === null) return false;
        resolve(this.take(sessionId, release));
        await released;
        return true;
      };
      const behindWatchers = async () => {
        if (!(await this.onlyWatchers(locks, name))) return resolve(undefined);
        const signal = AbortSignal.timeout(WATCHER_WAIT_MS);
        await locks.request(name, { signal }, hold).catch(() => resolve(undefined));
      };
      locks
        .request(name, { ifAvailable: true }, hold)
        .then((granted) => (granted ? undefined : behindWatchers()))
        .catch(() => resolve(this.take(sessionId, release)));
    });
  }

  /** Other tabs waiting to learn when a run ends hold the lock shared for a moment only. */
  private async onlyWatchers(locks: LockApi, name: string): Promise<boolean> {
    try {
      const { held = [] } = await locks.query();
      return held.every((lock) => lock.name !== name || lock.mode === "shared");
    } catch {
      return false;
    }
  }

  subscribe(listener: (elsewhere: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    listener(new Set(this.others.keys()));
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const id of this.own) this.post({ type: "stopped", id });
    this.own.clear();
    if (this.heartbeat !== undefined) this.timers.clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
    this.options.channel?.close();
  }

  private take(id: string, unlock: () => void): RunClaim {
    this.own.add(id);
    this.post({ type: "started", id });
    let done = false;
    return {
      release: () => {
        if (done) return;
        done = true;
        this.own.delete(id);
        unlock();
        this.post({ type: "stopped", id });
      },
    };
  }

  private receive(data: unknown): void {
    const parsed = wireSchema.safeParse(data);
    if (!parsed.success) return;
    const wire = parsed.data;
    if (wire.type === "who") {
      for (const id of this.own) this.post({ type: "alive", id });
      return;
    }
    if (wire.type === "stopped") this.forget(wire.id);
    else if (wire.type === "started" || wire.type === "alive") this.learn(wire.id);
  }

  private learn(id: string): void {
    const known = this.others.has(id);
    this.others.set(id, this.timers.now());
    if (!known) this.emit();
    if (this.options.locks) this.watch(this.options.locks, id);
  }

  private forget(id: string): void {
    if (this.others.delete(id)) this.emit();
  }

  /** Waits behind the holder's lock: granted when its run ends or its tab goes away. */
  private watch(locks: LockApi, id: string): void {
    if (this.watching.has(id)) return;
    this.watching.add(id);
    void locks
      .request(PREFIX + id, { mode: "shared" }, () => undefined)
      .catch(() => undefined)
      .then(() => {
        this.watching.delete(id);
        this.forget(id);
      });
  }

  private async discoverHeldLocks(locks: LockApi): Promise<void> {
    try {
      const { held = [] } = await locks.query();
      for (const lock of held) {
        const id = lock.name?.startsWith(PREFIX) ? lock.name.slice(PREFIX.length) : undefined;
        if (id && lock.mode === "exclusive" && !this.own.has(id)) this.learn(id);
      }
    } catch {
      // Without a lock list, runs become known from the channel.
    }
  }

  private tick(): void {
    for (const id of this.own) this.post({ type: "alive", id });
    const now = this.timers.now();
    for (const [id, heard] of this.others) if (now - heard > EXPIRY_MS) this.forget(id);
    this.heartbeat = this.timers.setTimeout(() => this.tick(), HEARTBEAT_MS);
  }

  private post(message: Wire): void {
    try {
      this.options.channel?.postMessage(message);
    } catch {
      // A closed channel: the page is going away.
    }
  }

  private emit(): void {
    const elsewhere = new Set(this.others.keys());
    for (const listener of [...this.listeners]) listener(elsewhere);
  }
}
