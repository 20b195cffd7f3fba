import type { DiskAttachment, DiskSession } from "../../src/core/codec/disk-types.ts";
import { restore } from "../../src/core/codec/index.ts";
import { createBlobStore } from "../../src/persistence/blob-store.ts";
import { openBrowserRepository } from "../../src/persistence/open-browser-repository.ts";
import { type AttachmentSet, blobBytes, blobSpecs, placements } from "../data/attachment-set.ts";
import { generateSession, type SessionGroup } from "../data/sessions.ts";

/** What `seed` wrote. */
export interface SeedReport {
  sessions: number;
  messages: number;
  /** Distinct attachment files stored, and their bytes. */
  blobs: number;
  blobBytes: number;
  ms: number;
}

/** Attachments to store with the groups: the set, and the two groups its messages are in. */
export interface SeedAttachments {
  set: AttachmentSet;
  sidebar: SessionGroup;
  long: SessionGroup;
}

const BATCH = 20;

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Stores the set's files, one at a time, and says which messages carry what. */
async function storeAttachments(
  plan: SeedAttachments,
): Promise<{ byMessage: Map<string, DiskAttachment[]>; blobs: number; bytes: number }> {
  const store = createBlobStore();
  const stored: DiskAttachment[] = [];
  let bytes = 0;
  for (const spec of blobSpecs(plan.set)) {
    const data = blobBytes(spec);
    const hash = await sha256(data);
    const put = await store.put(hash, { mime: spec.mime, bytes: data });
    if (!put.ok) throw new Error(`storing ${spec.name} failed: ${JSON.stringify(put.fault)}`);
    stored.push({ hash, name: spec.name, mime: spec.mime, size: spec.size, kind: spec.kind });
    bytes += spec.size;
  }
  const byMessage = new Map<string, DiskAttachment[]>();
  for (const p of placements(plan.set, plan.sidebar, plan.long)) {
    const key = `${p.tag}:${p.index}:${p.message}`;
    const attachment = stored[p.blob];
    if (attachment) byMessage.set(key, [...(byMessage.get(key) ?? []), attachment]);
  }
  return { byMessage, blobs: stored.length, bytes };
}

function withAttachments(
  session: DiskSession,
  tag: string,
  index: number,
  byMessage: Map<string, DiskAttachment[]>,
): DiskSession {
  if (byMessage.size === 0) return session;
  const messages = session.messages.map((m, i) => {
    const attachments = byMessage.get(`${tag}:${index}:${i}`);
    return attachments && m.role === "user" ? { ...m, attachments } : m;
  });
  return { ...session, messages };
}

/**
 * Writes generated sessions into this origin's IndexedDB through the app's own repository (and
 * attachment bytes through its blob store), so the bench reads exactly the layout the app
 * writes. Bench-only: this file is bundled by the bench runner and injected into a page of the
 * app's origin, never into the app's build.
 */
async function seed(groups: SessionGroup[], attachments?: SeedAttachments): Promise<SeedReport> {
  const started = performance.now();
  const files = attachments
    ? await storeAttachments(attachments)
    : { byMessage: new Map<string, DiskAttachment[]>(), blobs: 0, bytes: 0 };
  const repository = await openBrowserRepository();
  await repository.load();
  let sessions = 0;
  let messages = 0;
  for (const group of groups) {
    for (let first = 0; first < group.count; first += BATCH) {
      const writes: Promise<unknown>[] = [];
      for (let i = first; i < Math.min(group.count, first + BATCH); i++) {
        const generated = withAttachments(generateSession(group, i), group.tag, i, files.byMessage);
        const restored = restore(generated);
        if (!restored.ok)
          throw new Error(
            `generated session ${group.tag} ${i} is invalid: ${JSON.stringify(restored.error)}`,
          );
        writes.push(repository.save(restored.session, { kind: "whole" }, { immediate: true }));
        sessions++;
        messages += restored.session.messages.length;
      }
      await Promise.all(writes);
    }
  }
  await repository.flush();
  return {
    sessions,
    messages,
    blobs: files.blobs,
    blobBytes: files.bytes,
    ms: performance.now() - started,
  };
}

(globalThis as unknown as { parleyBenchSeed: typeof seed }).parleyBenchSeed = seed;
