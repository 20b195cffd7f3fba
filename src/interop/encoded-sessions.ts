import type { Session } from "../core/session.ts";
import type { VerifiedBlob } from "./import-attachments.ts";

/** Sessions as JSON text in UTF-8: off the JavaScript heap, and transferable without a copy. */
export function encodeSessions(sessions: readonly Session[]): ArrayBuffer {
  return new TextEncoder().encode(JSON.stringify(sessions)).buffer as ArrayBuffer;
}

/**
 * Sessions the import worker sent as encoded batches. Iterating decodes one batch at a time, so
 * the page never holds them all as objects: a commit writes each batch and lets it go. Every
 * pass decodes afresh, so a write that is retried reads them again. `blobs` are the checked
 * attachment bytes they name, to be stored before them.
 */
export class EncodedSessions implements Iterable<Session> {
  constructor(
    private readonly batches: readonly ArrayBuffer[],
    readonly length: number,
    readonly blobs: readonly VerifiedBlob[] = [],
  ) {}

  *[Symbol.iterator](): Iterator<Session> {
    const decoder = new TextDecoder();
    for (const batch of this.batches) yield* JSON.parse(decoder.decode(batch)) as Session[];
  }
}
