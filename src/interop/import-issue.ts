/** Something wrong or changed in an imported file, located by a JSON path such as `$.sessions[3].title`. */
export interface ImportIssue {
  path: string;
  message: string;
}

/** A whole file that could not be imported. */
export class ImportRefusal extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = "ImportRefusal";
    this.path = path;
  }
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
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = "ConversationProblem";
    this.path = path;
  }
}

/** The path and words of whatever a reader threw for the conversation at `fallbackPath`. */
export function problemOf(error: unknown, fallbackPath: string): ImportIssue {
  if (error instanceof ConversationProblem || error instanceof ImportRefusal)
    return { path: error.path, message: error.message };
  return { path: fallbackPath, message: error instanceof Error ? error.message : String(error) };
}
