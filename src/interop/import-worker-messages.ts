import * as z from "zod/mini";
import { formatJsonPath } from "../core/json-value.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { IMPORT_NOTE_CODES } from "./import-note.ts";
import type { ImportWorkerMessage } from "./import-worker-protocol.ts";
import { IMPORT_FORMAT_IDS, IMPORT_FORMAT_KINDS } from "./importer.ts";

/** The import worker sent what the page cannot take: where in the message it went wrong. */
export interface WorkerMessageInvalid {
  code: "worker_message_invalid";
  path: string;
}

const count = z.int().check(z.gte(0));

/**
 * A problem or a warning of the file: its code and path; its other values are numbers, strings
 * or a nested field problem, which the dictionary fills in.
 */
const issue = z.catchall(
  z.object({ code: z.string().check(z.minLength(1)), path: z.string() }),
  z.union([z.string(), z.number(), z.looseObject({ code: z.string() })]),
);

const note = z.object({
  code: z.enum(IMPORT_NOTE_CODES),
  count,
  detail: z.optional(z.string()),
});

const outline = z.object({
  index: count,
  id: z.string(),
  title: z.string(),
  messageCount: count,
  revision: count,
  fingerprint: z.string(),
  notes: z.array(note),
  carried: z.optional(z.array(z.string())),
});

const format = z.object({
  id: z.enum(IMPORT_FORMAT_IDS),
  version: z.optional(z.number()),
  kind: z.optional(z.enum(IMPORT_FORMAT_KINDS)),
});

const outlineResult = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    file: z.object({
      fileName: z.string(),
      format,
      conversations: z.array(outline),
      failures: z.array(z.extend(issue, { title: z.string() })),
      warnings: z.array(issue),
    }),
  }),
  z.object({ ok: z.literal(false), fileName: z.string(), error: issue }),
]);

const message = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("progress"),
    fileIndex: count,
    fileName: z.string(),
    progress: z.object({
      phase: z.enum(["reading", "parsing", "converting"]),
      done: count,
      total: count,
    }),
  }),
  z.object({ type: z.literal("read"), results: z.array(outlineResult) }),
  z.object({
    type: z.literal("blobs"),
    blobs: z.array(
      z.object({ hash: z.string(), mime: z.string(), bytes: z.instanceof(Uint8Array) }),
    ),
  }),
  z.object({
    type: z.literal("sessions"),
    batch: z.instanceof(ArrayBuffer),
    count,
    done: count,
    total: count,
  }),
  z.object({ type: z.literal("gone") }),
  z.object({ type: z.literal("failed") }),
]);

/**
 * A message from the import worker, checked on arrival as anything from another realm is: the
 * message, or where it is not one the page can take.
 */
export function readWorkerMessage(
  data: unknown,
): Result<ImportWorkerMessage, WorkerMessageInvalid> {
  const parsed = message.safeParse(data);
  // The message itself, not zod's copy: it passed, and copying 1,500 outlines costs time.
  if (parsed.success) return ok(data as ImportWorkerMessage);
  const where = (parsed.error.issues[0]?.path ?? []).filter((p) => typeof p !== "symbol");
  return failed({ code: "worker_message_invalid", path: formatJsonPath(where) });
}
