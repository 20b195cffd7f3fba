import type { LiveSync, PouchDatabase, PouchStatic } from "../../sync/replication/pouch-types.ts";
import { backOff } from "./back-off.ts";
import { failureOf, type SyncStatus } from "./sync-status.ts";

/**
 * Documents per replication request, PouchDB's own 100. A first sync sends chunks of tens of
 * kilobytes (`chunks.ts`), and PouchDB reads, writes and serialises a batch in one go: 500 of
 * them were megabytes per IndexedDB read and request (until 2026-12-07 it was 500, for 100,000
 * one-message documents).
 */
const BATCH_SIZE = 100;

/**
 * PouchDB's continuous two-way sync between the outbox and the server, retrying while the server
 * cannot be reached, with a backoff capped at a minute (`back-off.ts`); each of its events is
 * told as a status.
 */
export function startLiveSync(
  Pouch: PouchStatic,
  local: PouchDatabase,
  remote: PouchDatabase,
  tell: (status: SyncStatus) => void,
): LiveSync {
  const failed = (error: unknown): SyncStatus => {
    const code = failureOf(error);
    return code ? { state: "failed", code } : { state: "offline" };
  };
  const live = Pouch.sync(local, remote, {
    live: true,
    retry: true,
    batch_size: BATCH_SIZE,
    back_off_function: (delay) => backOff(delay),
  });
  // With retry, a failed request only shows as each direction's `requestError` before its
  // backoff; the sync's own `paused` then carries no error. A retry says `active` before it has
  // asked the server anything, so a direction's problem is kept, and is what the status says,
  // until the server has answered that direction well: documents moved (`change`), a checkpoint
  // written, or, for the pull, a `paused` without error (it follows the server's answer to the
  // pull's changes request).
  const problems = new Map<"push" | "pull", SyncStatus>();
  for (const [side, replication] of [
    ["push", live.push],
    ["pull", live.pull],
  ] as const) {
    const answered = () => problems.delete(side);
    replication
      ?.on("requestError", (error) => {
        problems.set(side, failed(error));
        tell(failed(error));
      })
      .on("change", answered)
      .on("checkpoint", (info) => {
        if (typeof info === "object" && info !== null && "checkpoint" in info) answered();
      })
      .on("paused", (error) => {
        if (side === "pull" && !error) answered();
      });
  }
  return live
    .on("active", () => tell([...problems.values()][0] ?? { state: "syncing" }))
    .on("paused", (error) =>
      tell(error ? failed(error) : ([...problems.values()][0] ?? { state: "synced" })),
    )
    .on("denied", (error) => tell({ state: "failed", code: failureOf(error) ?? "failed" }))
    .on("error", (error) => tell(failed(error)));
}
