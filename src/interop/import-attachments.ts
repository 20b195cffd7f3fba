import type { Attachment } from "../core/attachments/attachment.ts";
import type { Session } from "../core/session.ts";
import { bytesOfBase64, sha256Hex } from "./attachments/bytes.ts";
import { PENDING_HASH } from "./conversation-draft.ts";
import type { ImportIssue } from "./import-issue.ts";
import { ImportNotes } from "./import-note.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import type { ImportedFile } from "./read-import-file.ts";

type CheckedResult = { ok: true; file: CheckedFile } | { ok: false };

/** An attachment's bytes whose SHA-256 is the hash the messages name: ready to store. */
export interface VerifiedBlob {
  hash: string;
  mime: string;
  bytes: Uint8Array;
}

/** A read file whose attachments' bytes were checked: the good ones, and notes on the rest. */
export interface CheckedFile extends ImportedFile {
  verifiedBlobs: VerifiedBlob[];
}

type Verdict = "verified" | "mismatch";

/** The bytes of base64 the schema let through, or undefined should the engine still refuse it. */
function decoded(data: string): Uint8Array | undefined {
  try {
    return bytesOfBase64(data);
  } catch {
    return undefined;
  }
}

/** What each conversation lost of its attachments: named per conversation in the plan. */
function attachmentNotes(
  session: Session,
  verdicts: ReadonlyMap<string, Verdict>,
  leftOut: boolean,
): ImportNotes {
  const notes = new ImportNotes();
  const seen = new Set<string>();
  for (const message of session.messages)
    for (const a of message.attachments ?? []) {
      if (seen.has(a.hash)) continue;
      seen.add(a.hash);
      const verdict = verdicts.get(a.hash);
      if (verdict === "verified") continue;
      const code =
        verdict === "mismatch"
          ? "attachment-mismatch"
          : leftOut
            ? "attachment-left-out"
            : "attachment-missing";
      notes.add(code, 1, a.name);
    }
  return notes;
}

/**
 * Gives each text file another app's export held as its text (`PENDING_HASH`) the SHA-256 of
 * that text in UTF-8, and keeps those bytes to be stored, as a file attached in Parley would be.
 */
async function hashTextFiles(
  sessions: readonly Session[],
  good: Map<string, VerifiedBlob>,
  verdicts: Map<string, Verdict>,
): Promise<Session[]> {
  const encoder = new TextEncoder();
  const hashed = async (a: Attachment): Promise<Attachment> => {
    if (a.hash !== PENDING_HASH || a.text === undefined) return a;
    const bytes = encoder.encode(a.text);
    const hash = await sha256Hex(bytes);
    good.set(hash, { hash, mime: a.mime, bytes });
    verdicts.set(hash, "verified");
    return { ...a, hash };
  };
  const out: Session[] = [];
  for (const session of sessions) {
    if (!session.messages.some((m) => m.attachments?.some((a) => a.hash === PENDING_HASH))) {
      out.push(session);
      continue;
    }
    const messages = [];
    for (const m of session.messages)
      messages.push(
        m.attachments ? { ...m, attachments: await Promise.all(m.attachments.map(hashed)) } : m,
      );
    out.push({ ...session, messages });
  }
  return out;
}

/**
 * Checks each attachment's bytes against the SHA-256 its messages name. Bytes that match are
 * kept to be stored with the conversations; a mismatch is a warning at its path, and every
 * attachment without good bytes (changed, damaged, absent, left out by choice) is a note on its
 * conversation, which still imports, with that attachment missing. Bytes no kept conversation
 * names are dropped.
 */
export async function checkAttachments(file: ImportedFile): Promise<CheckedFile> {
  const verdicts = new Map<string, Verdict>();
  const good = new Map<string, VerifiedBlob>();
  const warnings: ImportIssue[] = [];
  for (const blob of file.blobs ?? []) {
    if (verdicts.get(blob.hash) === "verified") continue;
    const bytes = decoded(blob.data);
    if (bytes && (await sha256Hex(bytes)) === blob.hash) {
      verdicts.set(blob.hash, "verified");
      good.set(blob.hash, { hash: blob.hash, mime: blob.mime, bytes });
      continue;
    }
    verdicts.set(blob.hash, "mismatch");
    warnings.push({
      path: `${blob.path}.data`,
      code: "attachment-damaged",
      hash: blob.hash.slice(0, 12),
    });
  }
  const sessions =
    file.format.id === "parley"
      ? file.sessions
      : await hashTextFiles(file.sessions, good, verdicts);
  const named = new Set<string>();
  const notes = sessions.map((session, n) => {
    for (const m of session.messages) for (const a of m.attachments ?? []) named.add(a.hash);
    const lost = attachmentNotes(session, verdicts, (file.attachmentsLeftOut ?? 0) > 0).list();
    return [...(file.notes[n] ?? []), ...lost];
  });
  const limit = IMPORT_LIMITS.maxWarnings;
  const listed = warnings.slice(0, limit);
  if (warnings.length > limit)
    listed.push({ path: "$", code: "more-warnings", count: warnings.length - limit });
  const { blobs: _encoded, ...rest } = file;
  return {
    ...rest,
    sessions,
    notes,
    warnings: [...file.warnings, ...listed],
    verifiedBlobs: [...good.values()].filter((b) => named.has(b.hash)),
  };
}

/** The checked bytes of every file read, by hash: what the reader keeps until the commit. */
export function heldBlobs(results: readonly CheckedResult[]): Map<string, VerifiedBlob> {
  const held = new Map<string, VerifiedBlob>();
  for (const result of results)
    if (result.ok) for (const blob of result.file.verifiedBlobs) held.set(blob.hash, blob);
  return held;
}

/** The held bytes the sessions name and those of `restores`, each once: what the commit stores. */
export function blobsToSend(
  sessions: readonly Session[],
  restores: readonly string[],
  held: ReadonlyMap<string, VerifiedBlob>,
): VerifiedBlob[] {
  const named = new Map(blobsNamedBy(sessions, held).map((b) => [b.hash, b]));
  for (const hash of restores) {
    const blob = held.get(hash);
    if (blob) named.set(hash, blob);
  }
  return [...named.values()];
}

/** The held bytes the sessions name, each once: what the commit stores with them. */
export function blobsNamedBy(
  sessions: readonly Session[],
  held: ReadonlyMap<string, VerifiedBlob>,
): VerifiedBlob[] {
  const named = new Map<string, VerifiedBlob>();
  for (const session of sessions)
    for (const message of session.messages)
      for (const a of message.attachments ?? []) {
        const blob = held.get(a.hash);
        if (blob) named.set(a.hash, blob);
      }
  return [...named.values()];
}
