import { isFieldProblem } from "../../core/codec/codec-problem.ts";
import type { ImportProblem } from "../../interop/import-problem.ts";
import { codecText } from "./codec-words.ts";
import type { codecWordsEn } from "./codec-words-en.ts";
import type { problemWordsEn } from "./import-problem-en.ts";

type Words = (
  key: keyof typeof problemWordsEn | keyof typeof codecWordsEn,
  vars?: Record<string, string | number>,
) => string;

/** Counts and limits large enough to need grouping, as 10,000 rather than 10000. */
const GROUPED = new Set(["count", "max", "length"]);

/** The values of a problem to fill into its words: its own, with nested codes put into words. */
function valuesOf(problem: ImportProblem, t: Words): Record<string, string | number> {
  const { code: _code, ...values } = problem as ImportProblem & Record<string, unknown>;
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === "number" && GROUPED.has(name)) out[name] = value.toLocaleString("en-US");
    else if (typeof value === "string" || typeof value === "number") out[name] = value;
  if (problem.code === "json-invalid") out.expected = t(`expected:${problem.expected}`);
  if (problem.code === "attachment-invalid" || problem.code === "conversation-refused")
    out.field = codecText(problem.field, t);
  return out;
}

/** What the import UI says of one problem, in the reader's language. */
export function problemText(problem: ImportProblem, t: Words): string {
  if (isFieldProblem(problem)) return codecText(problem, t);
  return t(`problem:${problem.code}`, valuesOf(problem, t));
}
