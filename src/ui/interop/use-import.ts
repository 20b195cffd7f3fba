import { useCallback, useRef, useState } from "react";
import { newId } from "../../core/id.ts";
import { failedCommitReport, type ImportReport, resolvePlan } from "../../interop/commit-plan.ts";
import { contentFingerprint } from "../../interop/fingerprint.ts";
import { readFilesInWorker } from "../../interop/import-client.ts";
import {
  type ConflictChoice,
  chooseForAllConflicts,
  chooseForConflict,
  collidingIds,
  type ExistingSession,
  type ImportPlan,
  planImport,
} from "../../interop/import-plan.ts";
import type { ImportProgress } from "../../interop/read-import-file.ts";
import { useAppStoreApi } from "../../store/react.tsx";

export type ImportView =
  | { step: "idle" }
  | { step: "reading"; fileName: string; progress: ImportProgress }
  | { step: "planned"; plan: ImportPlan }
  | { step: "committing"; plan: ImportPlan }
  | { step: "done"; plan: ImportPlan; report: ImportReport; error: string | null };

const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** The import flow: read files in the worker, plan against what Parley holds, commit all or nothing. */
export function useImport() {
  const store = useAppStoreApi();
  const [view, setView] = useState<ImportView>({ step: "idle" });
  const existing = useRef<ReadonlyMap<string, ExistingSession>>(new Map());
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setView({
        step: "reading",
        fileName: files[0]?.name ?? "",
        progress: { phase: "reading", done: 0, total: 1 },
      });
      try {
        const results = await readFilesInWorker(
          files,
          new Date().toISOString(),
          (_index, fileName, progress) => setView({ step: "reading", fileName, progress }),
          controller.signal,
        );
        const { summaries, readSessions } = store.getState();
        const ids = collidingIds(results, (id) => summaries[id] !== undefined);
        const stored = await readSessions(ids);
        existing.current = new Map(
          stored.map((s) => [s.id, { fingerprint: contentFingerprint(s), revision: s.revision }]),
        );
        if (!controller.signal.aborted)
          setView({ step: "planned", plan: planImport(results, existing.current) });
      } catch (error) {
        if (controller.signal.aborted) return;
        const message = error instanceof Error ? error.message : String(error);
        const plan: ImportPlan = {
          files: [],
          items: [],
          warnings: [],
          failures: files.map((f) => ({ fileName: f.name, title: "", path: "$", message })),
        };
        setView({ step: "planned", plan });
      }
    },
    [store],
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
    setView({ step: "committing", plan });
    const resolved = resolvePlan(plan, existing.current, () => newId(randomBytes));
    const result = await store.getState().importSessions(resolved.save);
    setView(
      result.ok
        ? { step: "done", plan, report: resolved.report, error: null }
        : {
            step: "done",
            plan,
            report: failedCommitReport(plan, resolved, result.reason),
            error: result.reason,
          },
    );
  }, [store, view]);

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setView({ step: "idle" });
  }, []);

  return { view, start, choose, commit, cancel };
}
