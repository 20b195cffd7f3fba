import type { ImportProblem } from "./import-problem.ts";

/** Something wrong or changed in an imported file, located by a JSON path such as `$.sessions[3].title`. */
export type ImportIssue = ImportProblem & { path: string };

/** The issue `problem` at `path`. */
export function issueAt(path: string, problem: ImportProblem): ImportIssue {
  return { ...problem, path };
}

/** `$.a[2].b` for the keys and indexes given; keys that are not identifiers are quoted. */
export function jsonPath(parts: ReadonlyArray<string | number>): string {
  let out = "$";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) out += `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

/** A problem inside one conversation; the reader catches it and reports that conversation as failed. */
export class ConversationProblem extends Error {
  readonly issue: ImportIssue;
  constructor(path: string, problem: ImportProblem) {
    super(problem.code);
    this.name = "ConversationProblem";
    this.issue = issueAt(path, problem);
  }
}

/**
 * The issue of whatever a reader threw for the conversation at `fallbackPath`. Anything else
 * than a problem (a fault in the reader) still fails that conversation alone, so the others of
 * the file are kept.
 */
export function problemOf(error: unknown, fallbackPath: string): ImportIssue {
  if (error instanceof ConversationProblem) return error.issue;
  return issueAt(fallbackPath, { code: "conversation-invalid" });
}
