import type { SyncKeys } from "../../sync/crypto/index.ts";
import { inThread, type RecordSealer } from "../../sync/crypto/record-sealer.ts";
import type { PouchDatabase, PouchStatic } from "../../sync/replication/pouch-types.ts";
import { unlockRemote } from "./remote-meta.ts";
import { rolledBack } from "./rollback.ts";
import type { SyncServicePorts, SyncSettings } from "./sync-ports.ts";
import type { SyncFailure } from "./sync-status.ts";

const LOCAL_NAME = "parley-sync";

/** The server's database and the local one, and the keys unlocked with the passphrase. */
export interface Connection {
  server: string;
  local: PouchDatabase;
  remote: PouchDatabase;
  keys: SyncKeys;
  /** Seals and opens records with `keys` (in a worker in the browser). */
  sealer: RecordSealer;
  Pouch: PouchStatic;
}

/**
 * Opens the server's database (its info: unreachable, 401/403 and 404 throw) and the local one,
 * and unlocks or creates the sync metadata; or the failure, with the local database closed and
 * nothing written. A server that holds less than this device last saw is refused first.
 */
export async function connect(
  ports: SyncServicePorts,
  settings: SyncSettings,
): Promise<Connection | SyncFailure> {
  const Pouch = await ports.loadPouch();
  const auth =
    settings.username === ""
      ? {}
      : { auth: { username: settings.username, password: settings.password } };
  const server = settings.server.replace(/\/+$/, "");
  const remote = new Pouch(server, { skip_setup: true, ...auth });
  const info = await remote.info();
  const options = ports.localAdapter ? { adapter: ports.localAdapter } : {};
  const local = new Pouch(ports.localName ?? LOCAL_NAME, options);
  // Before anything is written: a server that lost data keeps it lost until the person says.
  const keys = (await rolledBack(local, server, info))
    ? "rolled_back"
    : await unlockRemote(remote, settings.passphrase, ports.kdf);
  if (typeof keys !== "string") {
    const sealer = (ports.sealer ?? inThread)(keys);
    return { server, local, remote, keys, sealer, Pouch };
  }
  await local.close();
  return keys;
}
