import type * as z from "zod";
import { errorMap } from "../core/codec/schema.ts";
import { ConversationProblem, jsonPath } from "./import-issue.ts";
import { fieldProblem } from "./import-problem.ts";

/**
 * Checks one conversation of another app's file against its schema, or throws a
 * `ConversationProblem` at the first field that is wrong, so that the conversation is listed as
 * failed with that path while the rest of the file is still read.
 */
export function parseAt<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  at: ReadonlyArray<string | number>,
): z.output<Schema> {
  const parsed = schema.safeParse(value, { error: errorMap });
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const where = (first?.path ?? []).filter((p): p is string | number => typeof p !== "symbol");
  throw new ConversationProblem(jsonPath([...at, ...where]), fieldProblem(first));
}
