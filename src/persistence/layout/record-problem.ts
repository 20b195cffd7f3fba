import * as z from "zod/mini";
import type { CodecError } from "../../core/codec/disk-types.ts";

/** The kinds of stored record (`layout/records.ts`). */
export type RecordKind = "summary" | "head" | "chunk" | "checkpoint";

/**
 * Why a stored record could not be read, as a code and its values, never a sentence: the UI
 * words it (`ui/i18n/record-words.ts`). `codec` carries the codec's own problem with its JSON
 * path inside the record; `legacy` is the English reason an older Parley stored with a record it
 * set aside, shown as it was written.
 */
export type RecordProblem =
  | { code: "not-an-object"; record: RecordKind }
  | { code: "summary-fields" }
  | { code: "summary-other-session" }
  | { code: "head-missing" }
  | { code: "session-unreadable" }
  | { code: "count-invalid"; field: "message_count" | "chunk_size" }
  | { code: "messages-not-list" }
  | { code: "newer-format"; version: string; max: number }
  | { code: "codec"; error: CodecError }
  | { code: "set-aside" }
  | { code: "legacy"; detail: string };

/**
 * A problem as an older Parley stored it, or as this one does: checked when read back, so a
 * record set aside by any version lists; the codec's own error is kept as an object with a code.
 */
const storedProblem = z.union([
  z.object({
    code: z.enum([
      "summary-fields",
      "summary-other-session",
      "head-missing",
      "session-unreadable",
      "messages-not-list",
      "set-aside",
    ]),
  }),
  z.object({
    code: z.literal("not-an-object"),
    record: z.enum(["summary", "head", "chunk", "checkpoint"]),
  }),
  z.object({ code: z.literal("count-invalid"), field: z.enum(["message_count", "chunk_size"]) }),
  z.object({ code: z.literal("newer-format"), version: z.string(), max: z.number() }),
  z.object({
    code: z.literal("codec"),
    error: z.looseObject({ code: z.string(), path: z.string() }),
  }),
  z.object({ code: z.literal("legacy"), detail: z.string() }),
]);

/** The problem stored with a record set aside (`problem`), or the older `reason` sentence. */
export function readStoredProblem(problem: unknown, reason: unknown): RecordProblem {
  const parsed = storedProblem.safeParse(problem);
  if (parsed.success) return parsed.data as RecordProblem;
  return typeof reason === "string" && reason !== ""
    ? { code: "legacy", detail: reason }
    : { code: "set-aside" };
}
