import { STORE_NAME } from "./idb-names.ts";

/** One step of the stored layout, run inside the upgrade transaction. */
export type LayoutStep = (db: IDBDatabase, tx: IDBTransaction) => void | Promise<void>;

/**
 * `LAYOUT_STEPS[n]` turns layout n into layout n + 1. Layout 0 is an empty database. Add a step
 * (and bump LAYOUT_VERSION) whenever the stored layout changes, with a fixture of the old layout
 * in `fixtures/`; never change what an old layout means. A step may read the old records and
 * write new ones; the upgrade transaction commits all steps or none, so the old records stay
 * until the new ones are written.
 */
export const LAYOUT_STEPS: Readonly<Record<number, LayoutStep>> = {
  0: (db) => {
    db.createObjectStore(STORE_NAME);
  },
  // Layout 2 stores conversation trees (format 2 records: parent_id, leaf_id). Layout 1's
  // records need no rewrite: a list without parent ids is its own single path. The version
  // still moves, so a tab of an older Parley is told (versionchange) and stops saving before
  // this one writes records it could only read as flat lists.
  1: () => {},
};

/** Runs the steps one after another; a step that fails rejects, and the caller aborts. */
export async function upgradeDatabase(
  db: IDBDatabase,
  tx: IDBTransaction,
  from: number,
  steps: Readonly<Record<number, LayoutStep>> = LAYOUT_STEPS,
): Promise<void> {
  for (let version = from; version < db.version; version++) {
    const step = steps[version];
    // A bug in this build, not something stored data can cause: every layout below
    // LAYOUT_VERSION has its step.
    if (!step) throw new Error(`no layout step from ${version}`);
    await step(db, tx);
  }
}
