import {
  createSyncMeta,
  type KdfOptions,
  SYNC_META_ID,
  type SyncKeys,
  unlock,
} from "../../sync/crypto/index.ts";
import type { PouchDatabase, PouchWriteResult } from "../../sync/replication/pouch-types.ts";
import { failureOf, type SyncFailure } from "./sync-status.ts";

/**
 * The keys from the server's sync metadata and the passphrase, or why not; creates the metadata
 * when the database has none. A wrong passphrase derives once and writes nothing.
 */
export async function unlockRemote(
  remote: PouchDatabase,
  passphrase: string,
  kdf: KdfOptions | undefined,
): Promise<SyncKeys | SyncFailure> {
  const meta = await remote.get(SYNC_META_ID).catch((error: unknown) => {
    if (failureOf(error) === "no_database") return undefined;
    throw error;
  });
  if (meta) {
    const unlocked = await unlock(passphrase, meta, kdf);
    if (unlocked.ok) return unlocked.value;
    const { code } = unlocked.error;
    if (code === "wrong_passphrase") return "wrong_passphrase";
    return code.startsWith("unsupported") ? "newer_version" : "invalid_meta";
  }
  const created = await createSyncMeta(passphrase, kdf);
  if (!created.ok) return "failed";
  try {
    await remote.put({ _id: SYNC_META_ID, ...created.value.meta });
    return created.value.keys;
  } catch (error) {
    // Another device created it meanwhile: unlock that one instead.
    if ((error as { status?: number }).status === 409) return unlockRemote(remote, passphrase, kdf);
    throw error;
  }
}

/** The current revisions of the documents `ids` that exist and are not deleted. */
export async function revisions(db: PouchDatabase, ids: string[]): Promise<Map<string, string>> {
  const { rows } = await db.allDocs({ keys: ids });
  const revs = new Map<string, string>();
  for (const row of rows) if (row.value && !row.value.deleted) revs.set(row.id, row.value.rev);
  return revs;
}

/** Whether `text` is an http(s) URL, as a CouchDB database address must be. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A write refused because the document changed meanwhile. */
export const isConflict = (result: PouchWriteResult) =>
  result.status === 409 || result.error === "conflict" || result.name === "conflict";

/** The generation of a CouchDB revision (`"7-9f3a…"` → 7); 0 for none. */
export const generation = (rev: string | undefined) => (rev ? Number.parseInt(rev, 10) || 0 : 0);
