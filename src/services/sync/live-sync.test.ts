import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { PouchDatabase, PouchStatic } from "../../sync/replication/pouch-types.ts";
import { MAX_BACK_OFF_MS } from "./back-off.ts";
import { startLiveSync } from "./live-sync.ts";
import type { SyncStatus } from "./sync-status.ts";

/**
 * PouchDB's live sync replaced by emitters the test drives, so each ordering of its events that
 * a real server only produces now and then is played exactly.
 */
function fakeSync() {
  const push = new EventEmitter();
  const pull = new EventEmitter();
  const sync = Object.assign(new EventEmitter(), { push, pull, cancel() {} });
  let options: { retry?: boolean; back_off_function?: (delay: number) => number } = {};
  const Pouch = {
    sync: (_local: unknown, _remote: unknown, given: typeof options) => {
      options = given;
      return sync;
    },
  } as unknown as PouchStatic;
  const told: SyncStatus[] = [];
  const db = {} as PouchDatabase;
  startLiveSync(Pouch, db, db, (status) => told.push(status));
  return { push, pull, sync, last: () => told.at(-1), options: () => options };
}

const gone = { status: 404, name: "not_found" };
const noDatabase = { state: "failed", code: "no_database" };

describe("startLiveSync's retries", () => {
  it("retries with a backoff that stays under a minute, not PouchDB's 10", () => {
    const { options } = fakeSync();
    expect(options().retry).toBe(true);
    let wait = 0;
    for (let i = 0; i < 30; i++) wait = options().back_off_function?.(wait) ?? Infinity;
    expect(wait).toBeLessThanOrEqual(MAX_BACK_OFF_MS);
    expect(wait).toBeGreaterThanOrEqual(MAX_BACK_OFF_MS * 0.75);
  });
});

describe("startLiveSync's status", () => {
  it("keeps a direction's problem through a retry that is active but has no answer yet", () => {
    const { push, sync, last } = fakeSync();
    push.emit("requestError", gone);
    push.emit("paused", gone);
    sync.emit("paused");
    expect(last()).toEqual(noDatabase);

    // The retry starts before any request reaches the server: still no database.
    push.emit("active");
    sync.emit("active");
    expect(last()).toEqual(noDatabase);
    push.emit("paused");
    sync.emit("paused");
    expect(last()).toEqual(noDatabase);
  });

  it("clears a direction's problem once the server answers it: documents moved or a checkpoint written", () => {
    for (const [event, value] of [
      ["change", { docs_written: 1 }],
      ["checkpoint", { checkpoint: 7 }],
    ] as const) {
      const { push, sync, last } = fakeSync();
      push.emit("requestError", gone);
      sync.emit("paused");
      push.emit("active");
      push.emit("checkpoint", { revs_diff: { id: "a" } });
      sync.emit("paused");
      expect(last()).toEqual(noDatabase);
      push.emit(event, value);
      sync.emit("paused");
      expect(last()).toEqual({ state: "synced" });
    }
  });

  it("clears the pull's problem when it pauses without error, after the server answered its changes request", () => {
    const { pull, sync, last } = fakeSync();
    pull.emit("requestError", new TypeError("fetch failed"));
    pull.emit("paused", new TypeError("fetch failed"));
    sync.emit("paused");
    expect(last()).toEqual({ state: "offline" });
    pull.emit("paused");
    sync.emit("paused");
    expect(last()).toEqual({ state: "synced" });
  });

  it("says syncing while no direction has a problem", () => {
    const { sync, last } = fakeSync();
    sync.emit("active");
    expect(last()).toEqual({ state: "syncing" });
    sync.emit("paused");
    expect(last()).toEqual({ state: "synced" });
  });
});
