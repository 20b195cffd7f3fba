import type { ConversationOutline, OutlineResult } from "./conversation-outline.ts";
import type { NotAnExport } from "./file-kind.ts";
import type { ImportIssue } from "./import-issue.ts";
import type { ImportFormat } from "./importer.ts";

/**
 * new: not in Parley; identical: already there with the same content; restore: already there
 * with the same content, but attached files it names are missing there and the file holds them;
 * conflict: same id, other content.
 */
export type Classification = "new" | "identical" | "restore" | "conflict";
export type ConflictChoice = "skip" | "replace" | "keep-both";

export interface PlanItem {
  /** Unique within the plan; the dialog keys its rows and choices by it. */
  key: string;
  fileName: string;
  conversation: ConversationOutline;
  classification: Classification;
  /** For conflicts: whether the other side is already in Parley or earlier in this import. */
  conflictWith?: "existing" | "import";
  /** What the commit does with it; only conflicts let the person choose. */
  choice: "add" | "restore" | ConflictChoice;
  /** For `restore`: the hashes of the files it stores again (the conversation is not rewritten). */
  restores?: string[];
}

export interface PlanFile {
  fileName: string;
  format: ImportFormat | null;
  conversations: number;
  /** Set for a file left out before reading because it cannot be a chat export. */
  notAnExport?: NotAnExport;
}

export type PlanFailure = ImportIssue & { fileName: string; title: string };

export interface ImportPlan {
  files: PlanFile[];
  items: PlanItem[];
  /** Whole files refused and single conversations that could not be read. */
  failures: PlanFailure[];
  warnings: Array<ImportIssue & { fileName: string }>;
}

/** What Parley already holds of a session whose id an import also uses. */
export interface ExistingSession {
  /**
   * Its content fingerprint (its visible path's, when that alone comes in: `compareWithStored`);
   * null when its summary alone shows other content than the import's.
   */
  fingerprint: string | null;
  revision: number;
}

/** The first incoming outline of each id that `exists` knows: the one compared with Parley's. */
export function firstOutlines(
  files: readonly OutlineResult[],
  exists: (id: string) => boolean,
): Map<string, ConversationOutline> {
  const first = new Map<string, ConversationOutline>();
  for (const result of files)
    if (result.ok)
      for (const outline of result.file.conversations)
        if (!first.has(outline.id) && exists(outline.id)) first.set(outline.id, outline);
  return first;
}

/** What `item`, identical to the conversation Parley holds, restores: the files missing there. */
function identicalItem(
  base: Omit<PlanItem, "classification" | "choice">,
  stored: ReadonlySet<string>,
): PlanItem {
  const restores = (base.conversation.carried ?? []).filter((hash) => !stored.has(hash));
  return restores.length > 0
    ? { ...base, classification: "restore", choice: "restore", restores }
    : { ...base, classification: "identical", choice: "skip" };
}

/**
 * Classifies every incoming conversation against what Parley holds and what came earlier in the
 * same import. `storedBlobs` are the attachment hashes Parley holds the bytes of: a conversation
 * identical to its stored one but whose files are missing there restores them from the file.
 */
export function planImport(
  files: readonly OutlineResult[],
  existing: ReadonlyMap<string, ExistingSession>,
  storedBlobs: ReadonlySet<string> = new Set(),
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
      format: file.format,
      conversations: file.conversations.length,
    });
    for (const failure of file.failures)
      plan.failures.push({ fileName: file.fileName, ...failure });
    for (const warning of file.warnings)
      plan.warnings.push({ fileName: file.fileName, ...warning });
    for (const conversation of file.conversations) {
      const { id, fingerprint } = conversation;
      const key = `${plan.items.length}:${id}`;
      const before = incoming.get(id);
      const there = existing.get(id);
      const base = { key, fileName: file.fileName, conversation };
      if (before !== undefined)
        plan.items.push(
          before === fingerprint
            ? { ...base, classification: "identical", choice: "skip" }
            : { ...base, classification: "conflict", conflictWith: "import", choice: "skip" },
        );
      else if (there)
        plan.items.push(
          there.fingerprint === fingerprint
            ? identicalItem(base, storedBlobs)
            : { ...base, classification: "conflict", conflictWith: "existing", choice: "skip" },
        );
      else plan.items.push({ ...base, classification: "new", choice: "add" });
      if (before === undefined) incoming.set(id, fingerprint);
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

/**
 * Why committing `plan` would write nothing, or null when it would write something: every file
 * was refused, the files hold no conversation, every one is already in Parley, or the rest are
 * conflicts left on Skip.
 */
export function nothingToImport(
  plan: ImportPlan,
): "refused" | "empty" | "identical" | "skipped" | null {
  if (plan.items.some((item) => item.choice !== "skip")) return null;
  if (plan.items.length === 0) return plan.failures.length > 0 ? "refused" : "empty";
  return plan.items.every((item) => item.classification === "identical") ? "identical" : "skipped";
}
