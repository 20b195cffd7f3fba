import type { BlobStore, StoredBlob, WriteOutcome } from "../persistence/repository.ts";

/** Attachment bytes kept in memory, for tests. */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, StoredBlob>();

  async put(hash: string, blob: StoredBlob): Promise<WriteOutcome> {
    if (!this.blobs.has(hash)) this.blobs.set(hash, { bytes: blob.bytes.slice(), mime: blob.mime });
    return { ok: true };
  }

  async get(hash: string) {
    return this.blobs.get(hash);
  }

  async hashes() {
    return [...this.blobs.keys()];
  }

  async remove(hash: string) {
    this.blobs.delete(hash);
    return { ok: true } as const;
  }
}
