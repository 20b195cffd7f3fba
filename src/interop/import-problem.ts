import {
  type CodecProblem,
  type FieldProblem,
  isFieldProblem,
} from "../core/codec/codec-problem.ts";

export { type FieldProblem, fieldProblem } from "../core/codec/codec-problem.ts";

/**
 * What is wrong or changed in an imported file, as a code and its values, never a sentence: the
 * UI words each code in the reader's language (`ui/i18n/import-problem-words.ts`). Values that
 * came from the file (a role, a key, an id) are cut with {@link fromFile}.
 */
export type ImportProblem =
  // A whole file refused.
  | { code: "file-empty" }
  | { code: "file-too-large"; megabytes: number; maxMegabytes: number }
  | { code: "file-unreadable" }
  | { code: "file-too-complex" }
  | { code: "not-utf8"; byte: number }
  | { code: "json-cut-off"; line: number; column: number }
  | { code: "json-invalid"; line: number; column: number; expected: JsonExpected; found: string }
  | { code: "json-duplicate-key"; key: string; line: number; column: number }
  | { code: "json-too-deep"; maxDepth: number }
  | { code: "json-trailing-text"; line: number; column: number }
  | { code: "not-recognised" }
  | { code: "too-many-conversations"; count: number; max: number }
  | { code: "too-many-attachments"; count: number; max: number }
  | { code: "export-version-invalid" }
  | { code: "export-version-newer"; version: number; max: number }
  | { code: "export-version-unreadable"; version: number }
  | { code: "sessions-not-list" }
  | { code: "import-could-not-run" }
  | { code: "import-message-invalid" }
  // Something changed or left out while a file was read.
  | { code: "read-as-utf16"; encoding: "UTF-16LE" | "UTF-16BE" }
  | { code: "utf16-repaired" }
  | { code: "bom-ignored" }
  | { code: "surrogate-replaced" }
  | { code: "more-warnings"; count: number }
  | { code: "prompts-only" }
  | { code: "attachments-not-list" }
  | { code: "attachment-invalid"; field: FieldProblem }
  | { code: "attachment-damaged"; hash: string }
  | { code: "credential-removed" }
  | { code: "title-cleaned" }
  | { code: "role-unknown"; role: string }
  // One conversation that could not be read.
  | { code: "not-a-conversation"; app: string }
  | { code: "conversation-fields-missing"; app: string; fields: string }
  | { code: "message-too-long"; length: number; max: number }
  | { code: "duplicate-id"; id: string }
  | { code: "current-node-missing" }
  | { code: "sender-unknown"; sender: string }
  | { code: "conversation-invalid" }
  /** A conversation the codec refused: its problem, at the path. */
  | { code: "conversation-refused"; field: FieldProblem }
  | FieldProblem;

export type ImportProblemCode = ImportProblem["code"];

/** What the JSON parser wanted where it found something else. */
export type JsonExpected =
  | "hex-digits"
  | "escape"
  | "string-end"
  | "key"
  | "colon"
  | "comma-or-bracket"
  | "comma-or-brace"
  | "value";

/**
 * A conversation the codec refused: its field's problem when it names one, otherwise (a whole
 * conversation of the wrong format) that the conversation is not valid.
 */
export function refusal(problem: CodecProblem): ImportProblem {
  return isFieldProblem(problem)
    ? { code: "conversation-refused", field: problem }
    : { code: "conversation-invalid" };
}

/** Longest value from a file that a problem carries (a role, a key, an id). */
const FROM_FILE = 40;

/** A value taken from the file, cut to a length the UI can show whole. */
export function fromFile(value: unknown): string {
  const text = String(value);
  return text.length > FROM_FILE ? `${text.slice(0, FROM_FILE)}…` : text;
}
