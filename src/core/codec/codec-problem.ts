import type * as z from "zod/mini";
import type { JsonProblem } from "../json-value.ts";

/**
 * The first thing wrong with one field of stored or imported data, as a code and its values,
 * never a sentence: the UI words each (`ui/i18n/codec-words.ts`). Zod's issue codes map to these
 * (`fieldProblem`); the JSON path of the field travels beside the problem.
 */
export type FieldProblem =
  | { code: "field-missing" }
  | { code: "field-type"; expected: string; received: string }
  | { code: "field-choice"; allowed: string }
  | { code: "field-too-long"; max: number }
  | { code: "field-too-many"; max: number }
  | { code: "field-too-big"; max: number }
  | { code: "field-too-small"; min: number }
  | { code: "field-empty" }
  | { code: "field-time" }
  | { code: "field-pattern"; form: "id" | "sha256" | "other" }
  | { code: "field-duplicate-id"; id: string }
  | { code: "field-not-json"; problem: JsonProblem["code"]; maxDepth: number }
  | { code: "field-invalid" };

/** Why a whole stored session (or its head) is no session this Parley can read. */
export type FormatProblem =
  | { code: "not-a-session" }
  | { code: "version-invalid" }
  | { code: "version-newer"; version: number; max: number }
  | { code: "version-unknown"; version: number };

export type CodecProblem = FieldProblem | FormatProblem;

/** Whether a problem (of the codec, or one that may hold one) is about one field: every such code starts `field-`. */
export function isFieldProblem(problem: { code: string }): problem is FieldProblem {
  return problem.code.startsWith("field-");
}
export type CodecProblemCode = CodecProblem["code"];

/** Longest value from the data that a problem carries (an id), so the UI can show it whole. */
const FROM_DATA = 40;

/** A value taken from the data, cut to a length the UI can show whole. */
export function fromData(value: unknown): string {
  const text = String(value);
  return text.length > FROM_DATA ? `${text.slice(0, FROM_DATA)}…` : text;
}

function received(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * The form a patterned field asks for, by the field: the codec's patterned fields are a session's
 * id (`session_id`, 12 hex characters) and an attachment's `hash` (SHA-256). Named by the field
 * rather than by comparing patterns, so this module needs neither the id source nor attachments.
 */
function formOf(path: readonly PropertyKey[]): "id" | "sha256" | "other" {
  const field = path.at(-1);
  if (field === "session_id") return "id";
  if (field === "hash") return "sha256";
  return "other";
}

/**
 * The code of a zod issue (the first of a failed parse). A custom check of the codec names its
 * own problem in the issue's `params` (see `codec/schema.ts`).
 */
export function fieldProblem(issue: z.core.$ZodIssue | undefined): FieldProblem {
  switch (issue?.code) {
    case "invalid_type":
      return issue.input === undefined
        ? { code: "field-missing" }
        : { code: "field-type", expected: issue.expected, received: received(issue.input) };
    case "invalid_value":
      return {
        code: "field-choice",
        allowed: issue.values.map((v) => JSON.stringify(v)).join(", "),
      };
    case "too_big":
      if (issue.origin === "array" || issue.origin === "set")
        return { code: "field-too-many", max: Number(issue.maximum) };
      if (issue.origin === "string") return { code: "field-too-long", max: Number(issue.maximum) };
      return { code: "field-too-big", max: Number(issue.maximum) };
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return { code: "field-empty" };
      return { code: "field-too-small", min: Number(issue.minimum) };
    case "invalid_format":
      if (issue.format === "datetime") return { code: "field-time" };
      return { code: "field-pattern", form: formOf(issue.path) };
    case "custom":
      return (issue.params?.problem as FieldProblem | undefined) ?? { code: "field-invalid" };
    default:
      return { code: "field-invalid" };
  }
}
