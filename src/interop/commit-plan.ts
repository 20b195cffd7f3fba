import type { Session } from "../core/session.ts";
import type { ExistingSession, ImportPlan } from "./import-plan.ts";

export interface ReportEntry {
  title: string;
  fileName: string;
}

/** What an import did, for the dialog's last step. */
export interface ImportReport {
  added: ReportEntry[];
  replaced: ReportEntry[];
  skipped: Array<ReportEntry & { reason: string }>;
  failed: Array<ReportEntry & { path: string; reason: string }>;
}

export interface ResolvedImport {
  /** Every session to write, in one all-or-nothing commit. */
  save: Session[];
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
  const report: ImportReport = { added: [], replaced: [], skipped: [], failed: [] };
  const save: Session[] = [];
  const taken = new Set(existing.keys());
  for (const failure of plan.failures)
    report.failed.push({
      title: failure.title,
      fileName: failure.fileName,
      path: failure.path,
      reason: failure.message,
    });
  for (const item of plan.items) {
    const entry = { title: item.session.title, fileName: item.fileName };
    if (item.choice === "add") {
      save.push(item.session);
      taken.add(item.session.id);
      report.added.push(entry);
    } else if (item.choice === "replace") {
      const revision =
        Math.max(existing.get(item.session.id)?.revision ?? 0, item.session.revision) + 1;
      save.push({ ...item.session, revision });
      report.replaced.push(entry);
    } else if (item.choice === "keep-both") {
      let id = newId();
      while (taken.has(id)) id = newId();
      taken.add(id);
      save.push({ ...item.session, id });
      report.added.push(entry);
    } else {
      const reason =
        item.classification === "identical"
          ? "Already in Parley with the same content."
          : "You chose to skip it.";
      report.skipped.push({ ...entry, reason });
    }
  }
  return { save, report };
}

/** The report when the commit itself failed: nothing was written, so every planned write failed. */
export function failedCommitReport(
  plan: ImportPlan,
  resolved: ResolvedImport,
  reason: string,
): ImportReport {
  const failed = [...resolved.report.failed];
  for (const item of plan.items)
    if (item.choice !== "skip")
      failed.push({ title: item.session.title, fileName: item.fileName, path: "$", reason });
  return { added: [], replaced: [], skipped: resolved.report.skipped, failed };
}
