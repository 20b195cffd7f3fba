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
