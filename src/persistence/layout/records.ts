import * as z from "zod/mini";
import type { CodecError } from "../../core/codec/disk-types.ts";
import {
  type DiskMessage,
  type DiskSessionHead,
  FORMAT_VERSION,
  migrate,
  restoreHead,
  restoreMessage,
  type SessionHead,
  snapshotHead,
  snapshotMessage,
} from "../../core/codec/index.ts";
import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { fastMessage } from "../reader/fast-message.ts";
import type { SessionSummary } from "../repository.ts";
import type { RecordProblem } from "./record-problem.ts";

/**
 * The stored layout (one IndexedDB object store, string keys):
 * - `s:<id>`      summary: what the sidebar lists; the set of them is the index
 * - `h:<id>`      head: the session without its messages, and how many messages it has
 * - `m:<id>:<n>`  chunk n: messages n·CHUNK_SIZE … n·CHUNK_SIZE + CHUNK_SIZE − 1
 * - `c:<id>`      checkpoint: the partial answer of a run that has not finished
 * - `x:<key>`     a record set aside because it could not be restored, with its raw value
 * Appending a message rewrites the last chunk, the head and the summary: a bounded number of
 * bytes whatever the length of the session or the number of sessions.
 */
export const CHUNK_SIZE = 16;

export const key = {
  summary: (id: string) => `s:${id}`,
  head: (id: string) => `h:${id}`,
  chunk: (id: string, n: number) => `m:${id}:${String(n).padStart(6, "0")}`,
  checkpoint: (id: string) => `c:${id}`,
  aside: (original: string) => `x:${original}`,
};

/** Inclusive bounds of a key range; `\uffff` sorts after every character a key uses. */
export interface KeyBounds {
  lower: string;
  upper: string;
}

export const range = {
  summaries: (): KeyBounds => ({ lower: "s:", upper: "s:\uffff" }),
  aside: (): KeyBounds => ({ lower: "x:", upper: "x:\uffff" }),
  chunksFrom: (id: string, n: number): KeyBounds => ({
    lower: key.chunk(id, n),
    upper: `m:${id}:\uffff`,
  }),
};

export interface SummaryRecord {
  id: string;
  title: string;
  created_at: string;
  updated_at: string;
  message_count: number;
  pinned: boolean;
  revision: number;
  /** Written by an import only: the content fingerprint of what it stored (any later write drops it). */
  fingerprint?: string;
}

export interface HeadRecord {
  head: DiskSessionHead;
  message_count: number;
  chunk_size: number;
}

export interface ChunkRecord {
  format_version: number;
  messages: DiskMessage[];
}

export interface CheckpointRecord {
  format_version: number;
  message: DiskMessage;
}

export interface AsideRecord {
  key: string;
  /** The problem's code, which is what a Parley that reads only `reason` shows. */
  reason: string;
  problem: RecordProblem;
  raw: unknown;
  set_aside_at: string;
}

export function summaryRecord(session: Session): SummaryRecord {
  return {
    id: session.id,
    title: session.title,
    created_at: session.createdAt,
    updated_at: session.updatedAt,
    message_count: session.messages.length,
    pinned: session.metadata.pinned === true,
    revision: session.revision,
  };
}

export function headRecord(session: Session): HeadRecord {
  return {
    head: snapshotHead(session),
    message_count: session.messages.length,
    chunk_size: CHUNK_SIZE,
  };
}

export function chunkRecord(messages: readonly Message[]): ChunkRecord {
  return { format_version: FORMAT_VERSION, messages: messages.map(snapshotMessage) };
}

export function checkpointRecord(message: Message): CheckpointRecord {
  return {
    format_version: FORMAT_VERSION,
    message: snapshotMessage({ ...message, status: "interrupted" }),
  };
}

/**
 * A decoded record, or why it could not be: `newer` when a newer Parley wrote it (a format this
 * one does not know), which is no damage: it must be neither set aside nor overwritten.
 */
export type Decoded<T> =
  | { ok: true; value: T }
  | { ok: false; problem: RecordProblem; newer?: true };

const fail = (problem: RecordProblem): { ok: false; problem: RecordProblem } => ({
  ok: false,
  problem,
});
const codec = (error: CodecError) => fail({ code: "codec", error });
const newer = (version: unknown): { ok: false; problem: RecordProblem; newer: true } => ({
  ok: false,
  problem: { code: "newer-format", version: String(version), max: FORMAT_VERSION },
  newer: true,
});

/** A format version above this Parley's: a newer Parley wrote the record. */
export function isNewerFormat(version: unknown): boolean {
  return typeof version === "number" && Number.isInteger(version) && version > FORMAT_VERSION;
}
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const summarySchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number(),
  pinned: z.boolean(),
  revision: z.number(),
});

export function decodeSummary(raw: unknown): Decoded<SessionSummary> {
  if (!isObject(raw)) return fail({ code: "not-an-object", record: "summary" });
  const parsed = summarySchema.safeParse(raw);
  if (!parsed.success) return fail({ code: "summary-fields" });
  const { id, title, created_at, updated_at, message_count, pinned, revision } = parsed.data;
  return {
    ok: true,
    value: {
      id,
      title,
      createdAt: created_at,
      updatedAt: updated_at,
      messageCount: message_count,
      pinned,
      revision,
    },
  };
}

export interface DecodedHead {
  head: SessionHead;
  messageCount: number;
  chunkSize: number;
}

export function decodeHead(raw: unknown): Decoded<DecodedHead> {
  if (!isObject(raw)) return fail({ code: "not-an-object", record: "head" });
  const { head, message_count, chunk_size } = raw;
  if (isObject(head) && isNewerFormat(head.format_version)) return newer(head.format_version);
  if (typeof message_count !== "number" || !Number.isInteger(message_count) || message_count < 0)
    return fail({ code: "count-invalid", field: "message_count" });
  if (typeof chunk_size !== "number" || !Number.isInteger(chunk_size) || chunk_size < 1)
    return fail({ code: "count-invalid", field: "chunk_size" });
  const restored = restoreHead(head);
  if (!restored.ok)
    return codec({ ...restored.error, path: restored.error.path.replace("$", "$.head") });
  return {
    ok: true,
    value: { head: restored.head, messageCount: message_count, chunkSize: chunk_size },
  };
}

/**
 * Messages of an older disk format are brought up to date by the codec's own step table, the
 * same way a whole session is.
 */
function migrateMessages(raw: Record<string, unknown>, field: string): Decoded<unknown> {
  if (isNewerFormat(raw.format_version)) return newer(raw.format_version);
  const migrated = migrate({ format_version: raw.format_version, [field]: raw[field] });
  if (!migrated.ok) return codec(migrated.error);
  return { ok: true, value: migrated.data[field] };
}

export function decodeChunk(raw: unknown): Decoded<Message[]> {
  if (!isObject(raw)) return fail({ code: "not-an-object", record: "chunk" });
  const list = migrateMessages(raw, "messages");
  if (!list.ok) return list;
  if (!Array.isArray(list.value)) return fail({ code: "messages-not-list" });
  const out: Message[] = [];
  for (let i = 0; i < list.value.length; i++) {
    const fast = fastMessage(list.value[i]);
    if (fast) {
      out.push(fast);
      continue;
    }
    const restored = restoreMessage(list.value[i], ["messages", i]);
    if (!restored.ok) return codec(restored.error);
    out.push(restored.message);
  }
  return { ok: true, value: out };
}

export function decodeCheckpoint(raw: unknown): Decoded<Message> {
  if (!isObject(raw)) return fail({ code: "not-an-object", record: "checkpoint" });
  const message = migrateMessages(raw, "message");
  if (!message.ok) return message;
  const restored = restoreMessage(message.value, ["message"]);
  if (!restored.ok) return codec(restored.error);
  return { ok: true, value: { ...restored.message, status: "interrupted" } };
}
