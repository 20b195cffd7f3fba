import { createSyncMeta, SYNC_META_ID, unlock } from "../../../src/sync/crypto/index.ts";
import { openDoc, sealDoc } from "../../../src/sync/replication/encrypted-doc.ts";
import { loadBrowserPouch } from "../../../src/sync/replication/load-browser-pouch.ts";
import type { PouchDoc } from "../../../src/sync/replication/pouch-types.ts";

export interface BrowserSyncCheck {
  kdfMs: number;
  adapter: string;
  docsWritten: number;
  docsRead: number;
  opened: string[];
}

declare global {
  interface Window {
    parleySyncCheck(remote: string, records: Record<string, string>): Promise<BrowserSyncCheck>;
  }
}

/**
 * In real Chromium: derive keys at the production count, seal records into an IndexedDB
 * PouchDB loaded on demand, replicate them to the server and back into a second database,
 * and open them there with the passphrase.
 */
window.parleySyncCheck = async (remote, records) => {
  const passphrase = "bench passphrase";
  const t0 = performance.now();
  const created = await createSyncMeta(passphrase);
  const kdfMs = performance.now() - t0;
  if (!created.ok) throw new Error(created.error.code);
  const PouchDB = await loadBrowserPouch();
  const outbox = new PouchDB("parley-sync-check-outbox");
  const docs: PouchDoc[] = [{ _id: SYNC_META_ID, ...created.value.meta }];
  for (const [key, json] of Object.entries(records))
    docs.push(await sealDoc(created.value.keys, key, json));
  await outbox.bulkDocs(docs);
  const up = await PouchDB.replicate(outbox, remote);
  const inbox = new PouchDB("parley-sync-check-inbox");
  const down = await PouchDB.replicate(remote, inbox);
  const keys = await unlock(passphrase, await inbox.get(SYNC_META_ID));
  if (!keys.ok) throw new Error(keys.error.code);
  const opened: string[] = [];
  for (const row of (await inbox.allDocs({ include_docs: true })).rows) {
    if (row.id === SYNC_META_ID) continue;
    const record = await openDoc(keys.value, row.doc);
    opened.push(record.ok ? `${record.value.parleyKey} ${record.value.json}` : record.error.code);
  }
  const adapter = (outbox as unknown as { adapter: string }).adapter;
  await Promise.all([outbox.destroy(), inbox.destroy()]);
  return { kdfMs, adapter, docsWritten: up.docs_written, docsRead: down.docs_written, opened };
};
