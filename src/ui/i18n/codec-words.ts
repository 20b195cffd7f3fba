import type { CodecProblem } from "../../core/codec/codec-problem.ts";
import type { CodecError } from "../../core/codec/disk-types.ts";
import type { codecWordsEn } from "./codec-words-en.ts";

type Words = (key: keyof typeof codecWordsEn, vars?: Record<string, string | number>) => string;

/** What is wrong with a field, in the reader's language: its phrase, with its values filled in. */
export function codecText(problem: CodecProblem, t: Words): string {
  const { code, ...values } = problem as CodecProblem & Record<string, string | number>;
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    vars[name] = typeof value === "number" ? value.toLocaleString("en-US") : value;
  if (problem.code === "field-not-json")
    vars.problem = t(`problem-json:${problem.problem}`, { maxDepth: problem.maxDepth });
  if (problem.code === "field-pattern") vars.form = t(`problem-form:${problem.form}`);
  return t(`problem:${code}`, vars);
}

/** A codec error's phrase, with how many more problems it found; its path is said by the caller. */
export function codecErrorText(error: CodecError, t: Words): string {
  const { path: _path, more, ...problem } = error;
  const text = codecText(problem as CodecProblem, t);
  return more ? t("problem-more", { problem: text, count: more }) : text;
}
