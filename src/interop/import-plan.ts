import type { Session } from "../core/session.ts";
import { contentFingerprint } from "./fingerprint.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { ReadFileResult } from "./read-import-file.ts";

/** new: not in Parley; identical: already there with the same content; conflict: same id, other content. */
export type Classification = "new" | "identical" | "conflict";
export type ConflictChoice = "skip" | "replace" | "keep-both";

export interface PlanItem {
  /** Unique within the plan; the dialog keys its rows and choices by it. */
  key: string;
  fileName: string;
  session: Session;
  classification: Classification;
  /** For conflicts: whether the other side is already in Parley or earlier in this import. */
  conflictWith?: "existing" | "import";
  /** What the commit does with it; only conflicts let the person choose. */
  choice: "add" | ConflictChoice;
}

export interface PlanFile {
  fileName: string;
  format: string | null;
  conversations: number;
}

export interface PlanFailure extends ImportIssue {
  fileName: string;
  title: string;
}

export interface ImportPlan {
  files: PlanFile[];
  items: PlanItem[];
  /** Whole files refused and single conversations that could not be read. */
  failures: PlanFailure[];
  warnings: Array<ImportIssue & { fileName: string }>;
}

/** What Parley already holds of a session whose id an import also uses. */
export interface ExistingSession {
  fingerprint: string;
  revision: number;
}

/** Ids the incoming files use that `exists` knows: only these need loading to compare content. */
export function collidingIds(
  files: readonly ReadFileResult[],
  exists: (id: string) => boolean,
): string[] {
  const ids = new Set<string>();
  for (const result of files)
    if (result.ok)
      for (const session of result.file.sessions) if (exists(session.id)) ids.add(session.id);
  return [...ids];
}

/** Classifies every incoming conversation against what Parley holds and what came earlier in the same import. */
export function planImport(
  files: readonly ReadFileResult[],
  existing: ReadonlyMap<string, ExistingSession>,
): ImportPlan {
  const plan: ImportPlan = { files: [], items: [], failures: [], warnings: [] };
  const incoming = new Map<string, string>();
  for (const result of files) {
    if (!result.ok) {
      plan.files.push({ fileName: result.fileName, format: null, conversations: 0 });
      plan.failures.push({ fileName: result.fileName, title: "", ...result.error });
      continue;
    }
    const { file } = result;
    plan.files.push({
      fileName: file.fileName,
      format: file.format.label,
      conversations: file.sessions.length,
    });
    for (const failure of file.failures)
      plan.failures.push({ fileName: file.fileName, ...failure });
    for (const warning of file.warnings)
      plan.warnings.push({ fileName: file.fileName, ...warning });
    for (const session of file.sessions) {
      const key = `${plan.items.length}:${session.id}`;
      const fingerprint = contentFingerprint(session);
      const before = incoming.get(session.id);
      const there = existing.get(session.id);
      const base = { key, fileName: file.fileName, session };
      if (before !== undefined)
        plan.items.push(
          before === fingerprint
            ? { ...base, classification: "identical", choice: "skip" }
            : { ...base, classification: "conflict", conflictWith: "import", choice: "skip" },
        );
      else if (there)
        plan.items.push(
          there.fingerprint === fingerprint
            ? { ...base, classification: "identical", choice: "skip" }
            : { ...base, classification: "conflict", conflictWith: "existing", choice: "skip" },
        );
      else plan.items.push({ ...base, classification: "new", choice: "add" });
      if (before === undefined) incoming.set(session.id, fingerprint);
    }
  }
  return plan;
}

/** The plan with one conflict's choice changed; other items cannot be changed. */
export function chooseForConflict(
  plan: ImportPlan,
  key: string,
  choice: ConflictChoice,
): ImportPlan {
  return {
    ...plan,
    items: plan.items.map((item) => {
      if (item.key !== key || item.classification !== "conflict") return item;
      if (choice === "replace" && item.conflictWith === "import") return item;
      return { ...item, choice };
    }),
  };
}

/** The same choice for every conflict (the dialog's "all" control). */
export function chooseForAllConflicts(plan: ImportPlan, choice: ConflictChoice): ImportPlan {
  return plan.items.reduce((p, item) => chooseForConflict(p, item.key, choice), plan);
}
