import { prepareDatabase } from "../../../src/persistence/database/idb-connection.ts";
import { IdbSessionRepository } from "../../../src/persistence/idb-repository.ts";
import { MemorySessionRepository } from "../../../src/persistence/memory-repository.ts";
import type { SessionRepository, SessionSource } from "../../../src/persistence/repository.ts";
import { mergeSessions } from "../../../src/persistence/tabs/merge.ts";
import type { SyncSettings } from "../../../src/services/sync/sync-ports.ts";
import { SyncService } from "../../../src/services/sync/sync-service.ts";
import { browserSealer } from "../../../src/sync/crypto/browser-sealer.ts";
import { loadBrowserPouch } from "../../../src/sync/replication/load-browser-pouch.ts";
import { benchSessionSource, benchSessions } from "../generated.ts";

/** What one phase of the first sync took in the page, and its long tasks (over 50 ms). */
export interface PagePhase {
  ms: number;
  /** Until the sync service had handled everything it was given (sealed, or opened and committed). */
  settledMs: number;
  longTasks: number[];
}

export interface PageFirstSync {
  upload: PagePhase;
  download: PagePhase;
  received: number;
  /** The documents on the server once A is synced (the metadata included). */
  documents: number;
}

declare global {
  interface Window {
    parleyFirstSync(
      remote: string,
      conversations: number,
      messages: number,
      repository: RepositoryKind,
    ): Promise<PageFirstSync>;
  }
}

// Entries come in a later task than their own: a phase counts those that started in it, not
// the generation of the conversations or the loading of A's repository just before it.
const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => {
  longTasks.push(...list.getEntries());
}).observe({ type: "longtask", buffered: true });

/** Waits for the long tasks before now to be reported, then gives those that started since `t0`. */
async function longTasksSince(t0: number): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  return longTasks.filter((entry) => entry.startTime >= t0).map((entry) => entry.duration);
}

/**
 * `idb`: the app's IndexedDB repository, which holds no conversation in memory but the ones it
 * is reading or writing; `memory`: the memory repository, which holds every message (as the
 * bench did until 2026-12-07, for comparison).
 */
export type RepositoryKind = "idb" | "memory";

/** The generated conversations' tag (their ids and text). */
const TAG = "sync-first";

/** A repository holding `count` generated conversations of `messages` each (none: empty). */
async function repositoryOf(
  kind: RepositoryKind,
  name: string,
  count: number,
  messages: number,
): Promise<{ repository: SessionRepository; ids: string[] }> {
  if (kind === "memory") {
    const sessions = benchSessions(TAG, count, messages);
    const repository = new MemorySessionRepository({ sessions });
    await repository.load();
    return { repository, ids: sessions.map((s) => s.id) };
  }
  await prepareDatabase(name);
  if (count > 0) {
    // Stored as an import is, one conversation made at a time; then opened as after a reload.
    const seeding = new IdbSessionRepository({ name });
    await seeding.load();
    const source: SessionSource = benchSessionSource(TAG, count, messages);
    const written = await seeding.saveMany(source);
    if (!written.ok) throw new Error(`seeding ${name}: ${written.fault.kind}`);
    seeding.close();
  }
  const repository = new IdbSessionRepository({ name });
  const { summaries } = await repository.load();
  return { repository, ids: summaries.map((s) => s.id) };
}

async function device(name: string, kind: RepositoryKind, count: number, messages: number) {
  const { repository, ids: held } = await repositoryOf(kind, name, count, messages);
  const ids = new Set(held);
  repository.subscribe((c) => (c.type === "saved" ? ids.add(c.id) : ids.delete(c.id)));
  const sync = new SyncService({
    repository,
    loadPouch: loadBrowserPouch,
    sealer: browserSealer,
    localName: name,
    sessionIds: () => [...ids],
    write: async (arrived) => (await repository.saveMany(arrived)).ok,
    merge: mergeSessions,
    deleteArrived: async (id) => void (await repository.remove(id)),
  });
  return { repository, sync };
}

const until = (test: () => Promise<boolean> | boolean) =>
  new Promise<void>((resolve) => {
    const tick = async () => ((await test()) ? resolve() : setTimeout(tick, 100));
    void tick();
  });

/** Device A holds every conversation, turns sync on and sends everything (its data then goes). */
async function upload(
  settings: SyncSettings,
  conversations: number,
  messages: number,
  kind: RepositoryKind,
) {
  const a = await device("bench-first-a", kind, conversations, messages);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const t0 = performance.now();
  await a.sync.start(settings);
  await a.sync.settled();
  const settledMs = performance.now() - t0;
  // Synced: everything held is in the outbox and the push is idle, so the server has it all.
  await until(() => a.sync.getStatus().state === "synced");
  const ms = performance.now() - t0;
  a.sync.dispose();
  await a.sync.settled();
  if (a.repository instanceof IdbSessionRepository) a.repository.close();
  return { ms, settledMs, longTasks: await longTasksSince(t0) };
}

/**
 * Device A (holding every conversation) turns sync on and sends everything; then device B, empty,
 * turns it on and receives everything: both as the app composes the sync service, with IndexedDB
 * outboxes, in one page whose long tasks are counted per phase. A's conversations and outbox are
 * let go before B starts, as on another device.
 */
window.parleyFirstSync = async (remote, conversations, messages, kind) => {
  const settings = { server: remote, username: "", password: "", passphrase: "bench passphrase" };
  const up = await upload(settings, conversations, messages, kind);
  const { doc_count: documents } = (await (await fetch(remote)).json()) as { doc_count: number };

  const b = await device("bench-first-b", kind, 0, messages);
  const seen = new Set<string>();
  b.repository.subscribe((c) => void (c.type === "saved" && seen.add(c.id)));
  const t0 = performance.now();
  await b.sync.start(settings);
  await until(() => seen.size >= conversations);
  const ms = performance.now() - t0;
  await b.sync.settled();
  const settledMs = performance.now() - t0;
  const download = { ms, settledMs, longTasks: await longTasksSince(t0) };
  b.sync.dispose();
  return { upload: up, download, received: seen.size, documents };
};
