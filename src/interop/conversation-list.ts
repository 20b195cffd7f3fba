import type { JsonObject, JsonValue } from "../core/json.ts";
import type { Result } from "../core/result.ts";
import type { DraftConversation } from "./conversation-draft.ts";
import { type ImportIssue, jsonPath } from "./import-issue.ts";
import type { ImportProblem } from "./import-problem.ts";
import { emptyOutput, type ImporterOutput } from "./importer.ts";
import { isObject } from "./json-read.ts";

/** How one format's conversations are told apart and read. */
export interface ConversationReader {
  /** Whether an item of the list is a conversation of this format. */
  accepts(value: JsonValue | undefined): value is JsonObject;
  /** What the report says of an item that is not. */
  notAConversation: ImportProblem;
  /** The title the report gives a conversation that could not be read. */
  titleOf(value: JsonObject): string;
  /** The conversation as a draft, undefined to leave it out, or why it cannot be read. */
  read(
    value: JsonObject,
    at: Array<string | number>,
  ): Result<DraftConversation | undefined, ImportIssue>;
}

/**
 * Reads each item of `items` as one conversation into `output`. An item that is not one, or that
 * cannot be read, becomes a failure with its path and title; the others are still read.
 */
export function readConversations(
  output: ImporterOutput,
  items: readonly JsonValue[],
  pathOf: (index: number) => Array<string | number>,
  reader: ConversationReader,
): void {
  items.forEach((item, index) => {
    const at = pathOf(index);
    if (!reader.accepts(item)) {
      const title = isObject(item) ? reader.titleOf(item) : "";
      output.failures.push({ ...reader.notAConversation, path: jsonPath(at), title });
      return;
    }
    const read = reader.read(item, at);
    if (!read.ok) output.failures.push({ ...read.error, title: reader.titleOf(item) });
    else if (read.value) output.drafts.push(read.value);
  });
}

/**
 * Whether `value` is one conversation, or a list of which any item is one: a broken first
 * conversation must not hide the good ones after it (the reader lists it as failed).
 */
export function isOneOrMany(
  value: JsonValue,
  accepts: (value: JsonValue | undefined) => boolean,
): boolean {
  if (Array.isArray(value)) return value.some(accepts);
  return accepts(value);
}

/** Reads a file that holds a list of conversations or a single one. */
export function readOneOrMany(value: JsonValue, reader: ConversationReader): ImporterOutput {
  const output = emptyOutput();
  const many = Array.isArray(value);
  readConversations(output, many ? value : [value], (index) => (many ? [index] : []), reader);
  return output;
}
