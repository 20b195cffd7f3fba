import type { RunLocks } from "../repository.ts";
import { type LockApi, RUNS_CHANNEL, TabRunLocks } from "./run-locks.ts";

/** Run locks over this browser's Web Locks and a BroadcastChannel, whichever exist. */
export function openBrowserRunLocks(): RunLocks {
  const locks: LockApi | undefined = globalThis.navigator?.locks;
  return new TabRunLocks({
    ...(locks ? { locks } : {}),
    ...(typeof BroadcastChannel === "function"
      ? { channel: new BroadcastChannel(RUNS_CHANNEL) }
      : {}),
  });
}
