import type * as z from "zod";
import { failed, ok, type Result } from "../core/result.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { fieldProblem } from "./import-problem.ts";

/**
 * Checks one part of another app's file against its schema: its value, or the problem at the
 * first field that is wrong, so that the conversation is listed as failed with that path while
 * the rest of the file is still read.
 */
export function parseAt<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  at: ReadonlyArray<string | number>,
): Result<z.output<Schema>, ImportIssue> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  const first = parsed.error.issues[0];
  const where = (first?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  return failed(issueAt(jsonPath([...at, ...where]), fieldProblem(first)));
}
