import { OutdatedError } from "./database/idb-connection.ts";
import { type Prepared, prepareInTime } from "./database/prepare-in-time.ts";
import { OUTDATED, UNAVAILABLE } from "./faults.ts";
import { IdbSessionRepository } from "./idb-repository.ts";
import { DB_NAME } from "./layout/idb-names.ts";
import { MemorySessionRepository } from "./memory-repository.ts";
import type { SessionRepository } from "./repository.ts";
import { CHANGES_CHANNEL } from "./tabs/change-feed.ts";

const OPEN_TIMEOUT_MS = 10_000;

/**
 * The repository for this browser: IndexedDB when it can be opened (upgrading older stored data
 * first), else memory with an `unavailable` (or `outdated`) fault the UI shows as a banner.
 * Queued writes are flushed when the page is hidden or left.
 */
export async function openBrowserRepository(): Promise<SessionRepository> {
  const factory = globalThis.indexedDB;
  if (!factory) return new MemorySessionRepository({ fault: UNAVAILABLE });
  let prepared: Prepared;
  try {
    prepared = await prepareInTime(DB_NAME, factory, OPEN_TIMEOUT_MS);
  } catch (error) {
    return new MemorySessionRepository({
      fault: error instanceof OutdatedError ? OUTDATED : UNAVAILABLE,
    });
  }
  const repository = new IdbSessionRepository({
    ...(typeof BroadcastChannel === "function"
      ? { channel: new BroadcastChannel(CHANGES_CHANNEL) }
      : {}),
    ...(navigator.storage ? { storage: navigator.storage } : {}),
    ...(prepared.blocked ? { preparing: prepared.ready } : {}),
  });
  addEventListener("pagehide", () => void repository.flush({ leaving: true }));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void repository.flush();
  });
  return repository;
}
