import { restore, snapshot } from "../core/codec/index.ts";
import type { JsonValue } from "../core/json.ts";
import type { Session } from "../core/session.ts";
import { buildSession, type ConversionFailure } from "./conversation-draft.ts";
import { decodeText } from "./decode-text.ts";
import { type ImportIssue, ImportRefusal } from "./import-issue.ts";
import type { ImportNote } from "./import-note.ts";
import type { ImporterOutput } from "./importer.ts";
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
  format: { id: string; label: string };
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

function parseLines(text: string, limits: ImportLimits): JsonValue[] | undefined {
  const lines = text.split("\n");
  const values: JsonValue[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === "") continue;
    try {
      values.push(parseJson(line, { maxDepth: limits.maxDepth }).value);
    } catch (error) {
      if (index === 0 || !(error instanceof ImportRefusal)) return undefined;
      throw new ImportRefusal(`line ${index + 1}: ${error.issue.path}`, error.issue);
    }
  }
  return values;
}

function checkCount(count: number, limits: ImportLimits) {
  if (count > limits.maxConversations)
    throw new ImportRefusal("$", {
      code: "too-many-conversations",
      count,
      max: limits.maxConversations,
    });
}

function readDocument(
  text: string,
  limits: ImportLimits,
  options: ReadOptions,
): { output: ImporterOutput; format: ImportedFile["format"] } {
  let value: JsonValue;
  const warnings: ImportIssue[] = [];
  try {
    const parsed = parseJson(text, {
      maxDepth: limits.maxDepth,
      maxWarnings: limits.maxWarnings,
      onProgress: (done, total) => options.onProgress?.({ phase: "parsing", done, total }),
    });
    value = parsed.value;
    warnings.push(...parsed.warnings);
    if (parsed.droppedWarnings > 0)
      warnings.push({ path: "$", code: "more-warnings", count: parsed.droppedWarnings });
  } catch (error) {
    const lines =
      error instanceof ImportRefusal && error.issue.path === "$" && text.includes("\n")
        ? parseLines(text, limits)
        : undefined;
    if (!lines || !isFineTuningLines(lines)) throw error;
    checkCount(lines.length, limits);
    const output = readFineTuningLines(lines);
    return { output, format: { id: "openai-jsonl", label: "OpenAI fine-tuning JSONL" } };
  }
  const importer = findImporter(value);
  if (!importer) throw new ImportRefusal("$", { code: "not-recognised" });
  checkCount(importer.count(value), limits);
  const output = importer.read(value);
  output.warnings.unshift(...warnings);
  return { output, format: { id: importer.id, label: importer.label(value) } };
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

/**
 * Reads one file of any supported format into sessions. Pure: no DOM, no storage, so it runs
 * in the import worker and in Node tests alike. A broken file gives `ok: false` with the JSON
 * path and words of the problem; a broken conversation inside a good file is listed in `failures`.
 */
export function readImportFile(
  fileName: string,
  bytes: Uint8Array,
  options: ReadOptions,
): ReadFileResult {
  const limits: ImportLimits = { ...IMPORT_LIMITS, ...options.limits };
  try {
    const tooLarge = sizeRefusal(fileName, bytes.length, limits);
    if (tooLarge) return tooLarge;
    options.onProgress?.({ phase: "reading", done: bytes.length, total: bytes.length });
    const decoded = decodeText(bytes);
    if (decoded.text.trim() === "") throw new ImportRefusal("$", { code: "file-empty" });
    const { output, format } = readDocument(decoded.text, limits, options);
    const file: ImportedFile = {
      fileName,
      format,
      sessions: output.sessions,
      notes: output.sessions.map(() => []),
      failures: output.failures,
      warnings: [...decoded.warnings, ...output.warnings],
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
        file.failures.push({
          path: draft.path + checked.error.path.slice(1),
          title: built.session.title,
          code: "conversation-invalid",
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
    return { ok: true, file };
  } catch (error) {
    if (error instanceof ImportRefusal) return { ok: false, fileName, error: error.issue };
    // Out of memory or stack: the engine says so with a RangeError.
    if (error instanceof RangeError)
      return { ok: false, fileName, error: { path: "$", code: "file-too-complex" } };
    throw error;
  }
}
