import { useCallback, useEffect, useRef, useState } from "react";
import { newId } from "../../core/id.ts";
import {
  failedCommitReport,
  type ImportReport,
  resolvePlan,
  sessionsToWrite,
} from "../../interop/commit-plan.ts";
import { compareWithStored } from "../../interop/compare-stored.ts";
import { ImportWorker } from "../../interop/import-client.ts";
import {
  type ConflictChoice,
  chooseForAllConflicts,
  chooseForConflict,
  type ExistingSession,
  type ImportPlan,
  planImport,
} from "../../interop/import-plan.ts";
import type { ImportProgress } from "../../interop/read-import-file.ts";
import { useAppStoreApi } from "../../store/react.tsx";
import { type OtherFile, sortImportFiles } from "./sort-import-files.ts";

/** Reading the files in the worker, then comparing them with what Parley holds. */
export type ReadingProgress = ImportProgress | { phase: "comparing"; done: number; total: number };

/** The commit: the sessions come from the worker, then they are written. */
export interface CommitProgress {
  phase: "receiving" | "saving";
  done: number;
  total: number;
}

export type ImportView =
  | { step: "idle" }
  | { step: "reading"; fileName: string; progress: ReadingProgress }
  | { step: "planned"; plan: ImportPlan }
  | { step: "committing"; plan: ImportPlan; progress: CommitProgress }
  | { step: "done"; plan: ImportPlan; report: ImportReport; error: string | null };

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

function refusedPlan(files: readonly File[], message: string): ImportPlan {
  return {
    files: [],
    items: [],
    warnings: [],
    failures: files.map((f) => ({ fileName: f.name, title: "", path: "$", message })),
  };
}

/** The plan with the files left out before reading listed after those read. */
function withOthers(plan: ImportPlan, others: readonly OtherFile[]): ImportPlan {
  const files = others.map((o) => ({
    fileName: o.name,
    format: null,
    conversations: 0,
    notAnExport: o.kind,
  }));
  return { ...plan, files: [...plan.files, ...files] };
}

/**
 * The import flow: read files in the worker, plan against what Parley holds from the worker's
 * outlines, then fetch the chosen sessions from the worker and commit them all or nothing.
 */
export function useImport() {
  const store = useAppStoreApi();
  const [view, setView] = useState<ImportView>({ step: "idle" });
  /** Files of the last drop, paste or choice that are no chat exports, when it held nothing else. */
  const [others, setOthers] = useState<OtherFile[]>([]);
  const existing = useRef<ReadonlyMap<string, ExistingSession>>(new Map());
  const worker = useRef<ImportWorker | null>(null);

  const stop = useCallback(() => {
    worker.current?.close();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(
    async (chosen: readonly File[]) => {
      if (chosen.length === 0) return;
      const { exports: files, others } = await sortImportFiles(chosen);
      setOthers(files.length === 0 ? others : []);
      if (files.length === 0) return;
      stop();
      const reader = new ImportWorker();
      worker.current = reader;
      const current = () => worker.current === reader;
      setView({
        step: "reading",
        fileName: files[0]?.name ?? "",
        progress: { phase: "reading", done: 0, total: 1 },
      });
      try {
        const results = await reader.read(files, new Date().toISOString(), (_i, fileName, p) =>
          setView({ step: "reading", fileName, progress: p }),
        );
        const state = () => store.getState();
        existing.current = await compareWithStored(
          results,
          {
            summary: (id) => state().summaries[id],
            fingerprints: (ids) => state().storedFingerprints(ids),
            read: async (id) => (await state().readSessions([id]))[0],
          },
          (done, total) =>
            current() &&
            setView({
              step: "reading",
              fileName: "",
              progress: { phase: "comparing", done, total },
            }),
        );
        if (current())
          setView({
            step: "planned",
            plan: withOthers(planImport(results, existing.current), others),
          });
      } catch (error) {
        if (!current()) return;
        const message = error instanceof Error ? error.message : String(error);
        stop();
        setView({ step: "planned", plan: refusedPlan(files, message) });
      }
    },
    [store, stop],
  );

  const choose = useCallback((key: string | null, choice: ConflictChoice) => {
    setView((v) => {
      if (v.step !== "planned") return v;
      const plan =
        key === null
          ? chooseForAllConflicts(v.plan, choice)
          : chooseForConflict(v.plan, key, choice);
      return { ...v, plan };
    });
  }, []);

  const commit = useCallback(async () => {
    if (view.step !== "planned") return;
    const { plan } = view;
    const source = worker.current;
    const resolved = resolvePlan(plan, existing.current, () => newId(randomBytes));
    const total = resolved.writes.length;
    const progress = (phase: CommitProgress["phase"]) => (done: number) =>
      setView({ step: "committing", plan, progress: { phase, done, total } });
    progress("receiving")(0);
    let reason: string | null = null;
    try {
      if (total > 0 && !source) throw new Error("The files are no longer open. Choose them again.");
      const bodies = source
        ? await source.sessions(
            resolved.writes.map((w) => w.index),
            progress("receiving"),
          )
        : [];
      stop();
      progress("saving")(0);
      const result = await store
        .getState()
        .importSessions(sessionsToWrite(resolved.writes, bodies), {
          fingerprints: new Map(resolved.writes.map((w) => [w.id, w.fingerprint])),
          onProgress: progress("saving"),
        });
      if (!result.ok) reason = result.reason;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      reason = `Nothing was imported: ${error instanceof Error ? error.message : String(error)}`;
    }
    stop();
    // The sidebar took the new conversations in the last task; the report gets a task of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    setView(
      reason === null
        ? { step: "done", plan, report: resolved.report, error: null }
        : { step: "done", plan, report: failedCommitReport(plan, resolved, reason), error: reason },
    );
  }, [store, view, stop]);

  const cancel = useCallback(() => {
    stop();
    setView({ step: "idle" });
  }, [stop]);

  const dismissOthers = useCallback(() => setOthers([]), []);

  return { view, others, dismissOthers, start, choose, commit, cancel };
}
