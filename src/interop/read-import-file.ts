import { restore, snapshot } from "../core/codec/index.ts";
import type { JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import type { Session } from "../core/session.ts";
import { buildSession, type ConversionFailure } from "./conversation-draft.ts";
import { decodeText } from "./decode-text.ts";
import { type ImportIssue, issueAt } from "./import-issue.ts";
import type { ImportNote } from "./import-note.ts";
import { refusal } from "./import-problem.ts";
import type { ImporterOutput, ImportFormat } from "./importer.ts";
import { findImporter } from "./importers.ts";
import { parseJson } from "./json-parse.ts";
import { IMPORT_LIMITS, type ImportLimits } from "./limits.ts";
import type { EncodedBlob } from "./native-attachments.ts";
import { isFineTuningLines, readFineTuningLines } from "./openai-messages-import.ts";

export interface ImportProgress {
  phase: "reading" | "parsing" | "converting";
  done: number;
  total: number;
}

/** What one file holds, ready for the plan. */
export interface ImportedFile {
  fileName: string;
  format: ImportFormat;
  sessions: Session[];
  /** `notes[n]` says what the reading could not keep of `sessions[n]`. */
  notes: ImportNote[][];
  failures: ConversionFailure[];
  warnings: ImportIssue[];
  /** The attachments' bytes the file carries, still base64 and unchecked (`checkAttachments`). */
  blobs?: EncodedBlob[];
  /** Attachments its writer left out by choice. */
  attachmentsLeftOut?: number;
}

export type ReadFileResult =
  | { ok: true; file: ImportedFile }
  | { ok: false; fileName: string; error: ImportIssue };

export interface ReadOptions {
  /** ISO time used where a file gives none. */
  now: string;
  onProgress?: (progress: ImportProgress) => void;
  limits?: Partial<ImportLimits>;
}

/**
 * The values of a JSONL file, one a line; undefined when its first line is not JSON (so it is
 * not JSONL at all), the refusal of the first broken line after that.
 */
function parseLines(
  text: string,
  limits: ImportLimits,
): Result<JsonValue[], ImportIssue> | undefined {
  const lines = text.split("\n");
  const values: JsonValue[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    const parsed = parseJson(line, { maxDepth: limits.maxDepth });
    if (parsed.ok) values.push(parsed.value.value);
    else if (index === 0) return undefined;
    else return failed({ ...parsed.error, path: `line ${index + 1}: ${parsed.error.path}` });
  }
  return ok(values);
}

function countRefusal(count: number, limits: ImportLimits): ImportIssue | undefined {
  if (count <= limits.maxConversations) return undefined;
  return issueAt("$", { code: "too-many-conversations", count, max: limits.maxConversations });
}

type ReadDocument = { output: ImporterOutput; format: ImportedFile["format"] };

/** A file that is not one JSON document may be OpenAI fine-tuning JSONL: one chat a line. */
function readJsonLines(
  text: string,
  limits: ImportLimits,
  refusal: ImportIssue,
): Result<ReadDocument, ImportIssue> {
  const lines = refusal.path === "$" && text.includes("\n") ? parseLines(text, limits) : undefined;
  if (!lines) return failed(refusal);
  if (!lines.ok) return lines;
  if (!isFineTuningLines(lines.value)) return failed(refusal);
  const tooMany = countRefusal(lines.value.length, limits);
  if (tooMany) return failed(tooMany);
  const output = readFineTuningLines(lines.value);
  return ok({ output, format: { id: "openai-jsonl" } });
}

function readDocument(
  text: string,
  limits: ImportLimits,
  options: ReadOptions,
): Result<ReadDocument, ImportIssue> {
  const parsed = parseJson(text, {
    maxDepth: limits.maxDepth,
    maxWarnings: limits.maxWarnings,
    onProgress: (done, total) => options.onProgress?.({ phase: "parsing", done, total }),
  });
  if (!parsed.ok) return readJsonLines(text, limits, parsed.error);
  const { value, warnings, droppedWarnings } = parsed.value;
  if (droppedWarnings > 0)
    warnings.push({ path: "$", code: "more-warnings", count: droppedWarnings });
  const importer = findImporter(value);
  if (!importer) return failed(issueAt("$", { code: "not-recognised" }));
  const tooMany = countRefusal(importer.count(value), limits);
  if (tooMany) return failed(tooMany);
  const read = importer.read(value);
  if (!read.ok) return read;
  read.value.warnings.unshift(...warnings);
  return ok({ output: read.value, format: importer.format(value) });
}

/** The refusal of a file too large to read, decided from its size alone (before reading it). */
export function sizeRefusal(
  fileName: string,
  size: number,
  limits: ImportLimits = IMPORT_LIMITS,
): ReadFileResult | undefined {
  if (size <= limits.maxFileBytes) return undefined;
  const mb = (n: number) => Math.round(n / 1048576);
  return {
    ok: false,
    fileName,
    error: {
      path: "$",
      code: "file-too-large",
      megabytes: mb(size),
      maxMegabytes: mb(limits.maxFileBytes),
    },
  };
}

/** The sessions of a document read whole, each draft of another app converted and checked. */
function convert(
  fileName: string,
  read: ReadDocument,
  decodeWarnings: readonly ImportIssue[],
  limits: ImportLimits,
  options: ReadOptions,
): ImportedFile {
  const { output, format } = read;
  const file: ImportedFile = {
    fileName,
    format,
    sessions: output.sessions,
    notes: output.sessions.map(() => []),
    failures: output.failures,
    warnings: [...decodeWarnings, ...output.warnings],
    blobs: output.attachments?.blobs ?? [],
    attachmentsLeftOut: output.attachments?.leftOut ?? 0,
  };
  for (const [index, draft] of output.drafts.entries()) {
    if (index % 50 === 0)
      options.onProgress?.({ phase: "converting", done: index, total: output.drafts.length });
    const built = buildSession(draft, format.id, options.now);
    if (!built.ok) {
      file.failures.push(built.failure);
      continue;
    }
    const checked = restore(snapshot(built.session));
    if (!checked.ok) {
      const { path, more: _more, ...field } = checked.error;
      file.failures.push({
        path: draft.path + path.slice(1),
        title: built.session.title,
        ...refusal(field),
      });
      continue;
    }
    file.sessions.push(built.session);
    file.notes.push(draft.notes ?? []);
    file.warnings.push(...built.warnings);
  }
  if (file.warnings.length > limits.maxWarnings) {
    const extra = file.warnings.length - limits.maxWarnings;
    file.warnings = [
      ...file.warnings.slice(0, limits.maxWarnings),
      { path: "$", code: "more-warnings", count: extra },
    ];
  }
  return file;
}

/**
 * Reads one file of any supported format into sessions. Pure: no DOM, no storage, so it runs
 * in the import worker and in Node tests alike. A broken file gives `ok: false` with the JSON
 * path and code of the problem; a broken conversation inside a good file is listed in `failures`.
 */
export function readImportFile(
  fileName: string,
  bytes: Uint8Array,
  options: ReadOptions,
): ReadFileResult {
  const limits: ImportLimits = { ...IMPORT_LIMITS, ...options.limits };
  const tooLarge = sizeRefusal(fileName, bytes.length, limits);
  if (tooLarge) return tooLarge;
  const refused = (error: ImportIssue): ReadFileResult => ({ ok: false, fileName, error });
  try {
    options.onProgress?.({ phase: "reading", done: bytes.length, total: bytes.length });
    const decoded = decodeText(bytes);
    if (!decoded.ok) return refused(decoded.error);
    if (decoded.value.text.trim() === "") return refused({ path: "$", code: "file-empty" });
    const read = readDocument(decoded.value.text, limits, options);
    if (!read.ok) return refused(read.error);
    return {
      ok: true,
      file: convert(fileName, read.value, decoded.value.warnings, limits, options),
    };
  } catch (error) {
    // Out of memory or stack: the engine says so with a RangeError, whatever step it hit.
    if (error instanceof RangeError) return refused({ path: "$", code: "file-too-complex" });
    throw error;
  }
}
