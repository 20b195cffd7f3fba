import { createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import * as z from "zod/mini";
import { HASH_PATTERN } from "../core/attachments/attachment.ts";
import { faultFrom } from "./faults.ts";
import type { BlobStore } from "./repository.ts";

/** Attachment bytes live in their own database, so opening the sessions never reads them. */
export const BLOBS_DB_NAME = "parley-attachments";
const STORE = "blobs";

const storedBlob = z.object({
  mime: z.string().check(z.minLength(1), z.maxLength(127)),
  bytes: z.instanceof(Uint8Array),
});

/** The attachment bytes in IndexedDB through idb-keyval; a record that does not read is absent. */
export function createBlobStore(store: UseStore = createStore(BLOBS_DB_NAME, STORE)): BlobStore {
  return {
    async put(hash, blob) {
      try {
        if ((await get(hash, store)) === undefined)
          await set(hash, { mime: blob.mime, bytes: blob.bytes }, store);
        return { ok: true };
      } catch (error) {
        return { ok: false, fault: faultFrom(error) };
      }
    },
    async get(hash) {
      if (!HASH_PATTERN.test(hash)) return undefined;
      const parsed = storedBlob.safeParse(await get(hash, store).catch(() => undefined));
      return parsed.success ? parsed.data : undefined;
    },
    async hashes() {
      const all = await keys(store);
      return all.filter((k): k is string => typeof k === "string" && HASH_PATTERN.test(k));
    },
    async remove(hash) {
      try {
        await del(hash, store);
        return { ok: true };
      } catch (error) {
        return { ok: false, fault: faultFrom(error) };
      }
    },
  };
}
