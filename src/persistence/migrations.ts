import { STORE_NAME } from "./idb-names.ts";

/**
 * `STEPS[n]` turns layout n into layout n + 1 inside the upgrade transaction. Layout 0 is an
 * empty database. Add a step (and bump LAYOUT_VERSION) whenever the stored layout changes, and
 * a fixture of the old layout to `migrations.test.ts`; never change what an old layout means.
 */
const STEPS: Readonly<Record<number, (db: IDBDatabase, tx: IDBTransaction) => void>> = {
  0: (db) => {
    db.createObjectStore(STORE_NAME);
  },
};

export function upgradeDatabase(db: IDBDatabase, tx: IDBTransaction, from: number): void {
  for (let version = from; version < db.version; version++) {
    const step = STEPS[version];
    if (!step) throw new Error(`No migration of Parley's stored data from layout ${version}.`);
    step(db, tx);
  }
}
