import type { CodecProblemCode } from "../../core/codec/codec-problem.ts";
import type { JsonProblem } from "../../core/json-value.ts";

export type CodecKey = `problem:${CodecProblemCode}`;
type Key =
  | CodecKey
  | `problem-json:${JsonProblem["code"]}`
  | "problem-form:id"
  | "problem-form:sha256"
  | "problem-form:other"
  | "problem-more";

/**
 * What is wrong with a field of stored or imported data (`core/codec/codec-problem.ts`), as a
 * phrase that the sentence around it (the import plan, a damaged record, a refused change) fills in.
 */
export const codecWordsEn: Record<Key, string> = {
  "problem:field-missing": "a value is missing here",
  "problem:field-type": "expected {expected}, found {received}",
  "problem:field-choice": "expected one of {allowed}",
  "problem:field-too-long": "longer than the {max} characters Parley keeps",
  "problem:field-too-many": "more than the {max} items Parley keeps",
  "problem:field-too-big": "more than {max}",
  "problem:field-too-small": "less than the {min} Parley needs here",
  "problem:field-empty": "empty where a value is needed",
  "problem:field-time": "expected a time with a time zone, such as 2026-11-29T10:00:00.000Z",
  "problem:field-pattern": "not in the form expected: {form}",
  "problem:field-duplicate-id": "the message id “{id}” appears twice",
  "problem:field-not-json": "not plain JSON: {problem}",
  "problem:field-invalid": "the value is not valid",
  "problem:not-a-session": "not a JSON object holding a Parley conversation",
  "problem:version-invalid": "the format version is not a whole number of at least 1",
  "problem:version-newer":
    "written by a newer Parley (format {version}; this one reads up to {max}): update Parley to open it",
  "problem:version-unknown": "format {version} cannot be read by this Parley",
  "problem-json:not-finite": "a number that is not finite",
  "problem-json:not-json": "a value JSON cannot hold",
  "problem-json:too-deep": "nested more than {maxDepth} levels deep; flatten the value",
  "problem-json:not-plain": "an object that is not a plain JSON object",
  "problem-form:id": "12 lowercase hex characters",
  "problem-form:sha256": "a SHA-256 hash of 64 lowercase hex characters",
  "problem-form:other": "the pattern this field follows",
  "problem-more": "{problem} (and {count} more {count|problem|problems})",
};
