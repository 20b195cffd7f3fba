import type { Session } from "../core/session.ts";
import type { ConversationOutline, OutlineResult } from "./conversation-outline.ts";
import { contentFingerprint, pathFingerprint } from "./fingerprint.ts";
import { type ExistingSession, firstOutlines } from "./import-plan.ts";

/** What Parley holds, as the import's comparison reads it. */
export interface StoredSessions {
  summary(id: string): { title: string; messageCount: number; revision: number } | undefined;
  /** Fingerprints stored by earlier imports of sessions unchanged since (see `saveMany`). */
  fingerprints(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** The whole session, read only when nothing cheaper can decide. */
  read(id: string): Promise<Session | undefined>;
}

/**
 * Whether the summary alone shows other content. Fewer incoming messages may still be the same
 * conversation: a file of format 1 holds only the visible path of one with versions.
 */
function differs(
  outline: ConversationOutline,
  summary: { title: string; messageCount: number },
): boolean {
  return outline.title !== summary.title || outline.messageCount > summary.messageCount;
}

/** The stored session's fingerprint, or its visible path's when that is what comes in. */
function fingerprintFor(outline: ConversationOutline, session: Session): string {
  const whole = contentFingerprint(session);
  if (whole === outline.fingerprint || outline.messageCount >= session.messages.length)
    return whole;
  return pathFingerprint(session) === outline.fingerprint ? outline.fingerprint : whole;
}

/**
 * What Parley holds of each id the import uses, for `planImport`, reading as little as it can:
 * a fingerprint an earlier import stored decides at once; a summary whose title differs, or with
 * fewer messages than the incoming conversation, means a conflict; only the rest are read whole,
 * one at a time, and fingerprinted here. A conversation with versions whose visible path alone
 * comes in, without parents (an export of format 1), counts as identical.
 */
export async function compareWithStored(
  files: readonly OutlineResult[],
  stored: StoredSessions,
  onProgress?: (done: number, total: number) => void,
): Promise<Map<string, ExistingSession>> {
  const incoming = firstOutlines(files, (id) => stored.summary(id) !== undefined);
  const existing = new Map<string, ExistingSession>();
  if (incoming.size === 0) return existing;
  const known = await stored.fingerprints([...incoming.keys()]);
  let done = 0;
  for (const [id, outline] of incoming) {
    done++;
    const summary = stored.summary(id);
    if (!summary) continue;
    const fingerprint = known.get(id);
    if (fingerprint !== undefined) existing.set(id, { fingerprint, revision: summary.revision });
    else if (differs(outline, summary))
      existing.set(id, { fingerprint: null, revision: summary.revision });
    else {
      const session = await stored.read(id);
      if (session)
        existing.set(id, {
          fingerprint: fingerprintFor(outline, session),
          revision: session.revision,
        });
      onProgress?.(done, incoming.size);
    }
  }
  return existing;
}
