import { lazy, type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import type { ExportScope } from "../../interop/export-file-name.ts";
import { useAppStore, useAppStoreApi } from "../../store/react.tsx";
import { exportableIds, hasExportable, isUnused } from "../../store/selectors.ts";
import { AttachmentRefusals } from "../attachments/attachment-refusals.tsx";
import { useDropSorter } from "../attachments/use-drop-sorter.ts";
import { loadSection } from "../i18n/dictionaries.ts";
import { LazyMount } from "../lazy-mount.tsx";
import { ExportNotice } from "./export-notice.tsx";
import type { ExportOutcome } from "./export-sessions.ts";
import { type InteropActions, InteropActionsContext } from "./interop-actions.ts";
import { useInteropT } from "./interop-strings.ts";
import { NotAnExportNotice } from "./not-an-export-notice.tsx";
import { useExport } from "./use-export.ts";
import { useImport } from "./use-import.ts";
import { useImportDrop } from "./use-import-drop.ts";
import "./import-export.css";

const ExportDialog = lazy(() =>
  Promise.all([import("./export-dialog.tsx"), loadSection("importWords")]).then(([m]) => ({
    default: m.ExportDialog,
  })),
);
// Each dialog's words (the section `importWords`) load beside its code.
const ImportDialog = lazy(() =>
  Promise.all([import("./import-dialog.tsx"), loadSection("importWords")]).then(([m]) => ({
    default: m.ImportDialog,
  })),
);

/**
 * Export chat, Export all, Export… and Import for the menus below it, the Import file input
 * (in the page, visually hidden), and the window-wide drop and paste import.
 */
export function ImportExport({ children }: { children: ReactNode }) {
  const t = useInteropT();
  const activeId = useAppStore((s) => s.activeId);
  const activeTitle = useAppStore((s) =>
    s.activeId ? (s.summaries[s.activeId]?.title ?? "") : "",
  );
  const activeUnused = useAppStore((s) => s.activeId !== null && isUnused(s, s.activeId));
  const anySessions = useAppStore(hasExportable);
  const store = useAppStoreApi();
  const runExport = useExport();
  const { view, others, dismissOthers, start, choose, commit, cancel } = useImport();
  const [exportOpen, setExportOpen] = useState(false);
  const [exportOutcome, setExportOutcome] = useState<ExportOutcome | null>(null);
  const onFiles = useCallback((files: File[]) => void start(files), [start]);
  const dropped = useDropSorter(onFiles);
  const onDropped = useCallback(
    (files: File[]) => void dropped.onDropped(files),
    [dropped.onDropped],
  );
  const dragging = useImportDrop(onDropped);

  const input = useRef<HTMLInputElement>(null);

  const actions = useMemo<InteropActions>(() => {
    const exportIds = async (ids: string[], scope: ExportScope) =>
      setExportOutcome(await runExport(ids, scope));
    return {
      exportChat: () => {
        if (activeId) void exportIds([activeId], { kind: "one", title: activeTitle });
      },
      exportAll: () => void exportIds(exportableIds(store.getState()), { kind: "all" }),
      exportSome: () => setExportOpen(true),
      chooseImport: () => input.current?.click(),
      canExportChat: activeId !== null && !activeUnused,
      canExportAll: anySessions,
    };
  }, [activeId, activeTitle, activeUnused, anySessions, runExport, store]);

  return (
    <InteropActionsContext value={actions}>
      {children}
      {/* Behind the open import dialog, hidden so "Import" names one button there. */}
      <label className="visually-hidden" aria-hidden={view.step !== "idle" ? true : undefined}>
        <span>{t("importFile")}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept=".json,.jsonl,application/json"
          aria-label={t("importFile")}
          tabIndex={-1}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            onFiles(files);
          }}
        />
      </label>
      {exportOutcome ? <ExportNotice outcome={exportOutcome} /> : null}
      {dropped.attached ? (
        <p role="status" className="muted">
          {dropped.attached}
        </p>
      ) : null}
      <AttachmentRefusals refusals={dropped.refusals} onDismiss={dropped.dismiss} />
      {others.length > 0 ? <NotAnExportNotice files={others} onDismiss={dismissOthers} /> : null}
      {dragging ? <div className="import-drop-hint">{t("dropHint")}</div> : null}
      <LazyMount open={exportOpen}>
        <ExportDialog
          open={exportOpen}
          onClose={() => setExportOpen(false)}
          onExport={(ids, options) => {
            setExportOpen(false);
            void runExport(
              ids,
              ids.length === 1
                ? { kind: "one", title: store.getState().summaries[ids[0] ?? ""]?.title ?? "" }
                : { kind: "selected", count: ids.length },
              options,
            ).then(setExportOutcome);
          }}
        />
      </LazyMount>
      <LazyMount open={view.step !== "idle"}>
        <ImportDialog
          view={view}
          onChoose={choose}
          onCommit={() => void commit()}
          onCancel={cancel}
        />
      </LazyMount>
    </InteropActionsContext>
  );
}
