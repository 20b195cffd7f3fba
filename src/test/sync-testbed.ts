import { afterAll, afterEach, beforeAll } from "vitest";
import { SYNC_META_ID, type SyncKeys, unlock } from "../sync/crypto/index.ts";
import type { PouchStatic } from "../sync/replication/pouch-types.ts";
import { PASSPHRASE, syncDevices } from "./sync-devices.ts";
import { TEST_KDF } from "./sync-keys.ts";
import { type RunningSyncServer, startSyncServer } from "./sync-server.ts";

/**
 * A test file's sync server and devices: the server starts before the file's tests and stops
 * after them, the devices made in a test end after it, and `database()` creates a new database
 * on the server named after `name`.
 */
export function syncTestbed(PouchDB: PouchStatic, name: string) {
  let server: RunningSyncServer | undefined;
  let databases = 0;
  const { device, dispose } = syncDevices(PouchDB, name);
  beforeAll(async () => {
    server = await startSyncServer();
  });
  afterAll(() => server?.stop());
  afterEach(dispose);
  function database(): Promise<string> {
    if (!server) throw new Error("the sync server has not started");
    return server.createDatabase(`${name}-${++databases}`);
  }
  return { device, dispose, database };
}

/** The keys of a database that a device turned sync on with, with the tests' passphrase. */
export async function syncedKeys(url: string): Promise<SyncKeys> {
  const meta = await (await fetch(`${url}/${SYNC_META_ID}`)).json();
  const keys = await unlock(PASSPHRASE, meta, TEST_KDF);
  if (!keys.ok) throw new Error(keys.error.code);
  return keys.value;
}

/** Writes `docs` (sealed as a device would) straight to the server's database, as another device. */
export async function postDocs(url: string, docs: readonly unknown[]): Promise<void> {
  const posted = await fetch(`${url}/_bulk_docs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ docs }),
  });
  if (!posted.ok) throw new Error(`POST _bulk_docs: ${posted.status}`);
}
