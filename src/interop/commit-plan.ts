import type { Session } from "../core/session.ts";
import type { ExistingSession, ImportPlan, PlanFailure } from "./import-plan.ts";
import type { ImportProblem } from "./import-problem.ts";

/** The problem of a failure, without where it was and which conversation it was. */
function problemIn({ path: _path, fileName: _file, title: _title, ...problem }: PlanFailure) {
  return problem as ImportProblem;
}

export interface ReportEntry {
  title: string;
  fileName: string;
}

/** What an import did, for the dialog's last step. */
/** Why a conversation was not imported: already there with the same content, or set to Skip. */
export type SkipReason = "identical" | "chosen";

export interface ImportReport {
  added: ReportEntry[];
  replaced: ReportEntry[];
  /** Conversations already in Parley whose missing attached files were stored again. */
  restored: Array<ReportEntry & { files: number }>;
  skipped: Array<ReportEntry & { reason: SkipReason }>;
  /** `problem` null: the commit failed, for the reason the import gives with the report. */
  failed: Array<ReportEntry & { path: string; problem: ImportProblem | null }>;
}

/** One session to write: the outlined conversation `index`, stored under `id` at `revision`. */
export interface PlannedWrite {
  index: number;
  id: string;
  revision: number;
  /** Its content fingerprint (unchanged by a new id or revision), stored with it. */
  fingerprint: string;
}

export interface ResolvedImport {
  /** Every session to write, in one all-or-nothing commit. */
  writes: PlannedWrite[];
  /** The hashes of attached files to store again, each once, for conversations not rewritten. */
  restores: string[];
  report: ImportReport;
}

/**
 * The sessions a plan writes and the report it gives once they are written. Replacements get a
 * revision above the one Parley holds, so other tabs re-read them; "keep both" gets a new id.
 */
export function resolvePlan(
  plan: ImportPlan,
  existing: ReadonlyMap<string, ExistingSession>,
  newId: () => string,
): ResolvedImport {
  const report: ImportReport = { added: [], replaced: [], restored: [], skipped: [], failed: [] };
  const writes: PlannedWrite[] = [];
  const restores = new Set<string>();
  const taken = new Set(existing.keys());
  for (const failure of plan.failures)
    report.failed.push({
      title: failure.title,
      fileName: failure.fileName,
      path: failure.path,
      problem: problemIn(failure),
    });
  for (const item of plan.items) {
    const { index, id, revision, fingerprint, title } = item.conversation;
    const entry = { title, fileName: item.fileName };
    if (item.choice === "add") {
      writes.push({ index, id, revision, fingerprint });
      taken.add(id);
      report.added.push(entry);
    } else if (item.choice === "restore") {
      for (const hash of item.restores ?? []) restores.add(hash);
      report.restored.push({ ...entry, files: item.restores?.length ?? 0 });
    } else if (item.choice === "replace") {
      const above = Math.max(existing.get(id)?.revision ?? 0, revision) + 1;
      writes.push({ index, id, revision: above, fingerprint });
      report.replaced.push(entry);
    } else if (item.choice === "keep-both") {
      let fresh = newId();
      while (taken.has(fresh)) fresh = newId();
      taken.add(fresh);
      writes.push({ index, id: fresh, revision, fingerprint });
      report.added.push(entry);
    } else {
      const reason = item.classification === "identical" ? "identical" : "chosen";
      report.skipped.push({ ...entry, reason });
    }
  }
  return { writes, restores: [...restores], report };
}

/**
 * The sessions to store, made as they are read: the n-th of `bodies` is the session of
 * `writes[n]`, given its id and revision. Each pass reads `bodies` afresh.
 */
export function sessionsToWrite(
  writes: readonly PlannedWrite[],
  bodies: Iterable<Session>,
): Iterable<Session> & { readonly length: number } {
  return {
    length: writes.length,
    *[Symbol.iterator]() {
      let n = 0;
      for (const body of bodies) {
        const write = writes[n++];
        if (!write) break;
        yield { ...body, id: write.id, revision: write.revision };
      }
      // A bug: the commit checks that every planned session came before it writes any.
      if (n !== writes.length) throw new Error("sessionsToWrite: fewer bodies than writes");
    },
  };
}

/** The report when the commit itself failed: nothing was written, so every planned write failed. */
export function failedCommitReport(plan: ImportPlan, resolved: ResolvedImport): ImportReport {
  const failed = [...resolved.report.failed];
  for (const item of plan.items)
    if (item.choice !== "skip")
      failed.push({
        title: item.conversation.title,
        fileName: item.fileName,
        path: "$",
        problem: null,
      });
  return { added: [], replaced: [], restored: [], skipped: resolved.report.skipped, failed };
}
