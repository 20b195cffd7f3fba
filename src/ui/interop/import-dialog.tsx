import type { ConflictChoice } from "../../interop/import-plan.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { ImportPlanView } from "./import-plan-view.tsx";
import { ImportReportView } from "./import-report-view.tsx";
import { useInteropT } from "./interop-strings.ts";
import type { ImportView } from "./use-import.ts";

interface ImportDialogProps {
  view: ImportView;
  onChoose: (key: string | null, choice: ConflictChoice) => void;
  onCommit: () => void;
  onCancel: () => void;
}

function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

/** The Import conversations dialog: progress while reading, the plan with conflict choices, then the report. */
export function ImportDialog({ view, onChoose, onCommit, onCancel }: ImportDialogProps) {
  const t = useInteropT();
  const open = view.step !== "idle";
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={t("importDialog")}
      className="settings import-dialog"
    >
      {view.step === "reading" ? (
        <div>
          <p aria-live="polite">
            {view.progress.phase === "converting"
              ? t("converting", {
                  file: view.fileName,
                  done: view.progress.done,
                  total: view.progress.total,
                })
              : view.progress.phase === "parsing"
                ? t("parsing", {
                    file: view.fileName,
                    percent: percent(view.progress.done, view.progress.total),
                  })
                : t("reading", { file: view.fileName })}
          </p>
          <progress
            aria-label={t("progress")}
            max={100}
            value={
              view.progress.phase === "reading"
                ? 0
                : percent(view.progress.done, view.progress.total)
            }
          />
        </div>
      ) : null}
      {view.step === "planned" || view.step === "committing" ? (
        <ImportPlanView plan={view.plan} t={t} onChoose={onChoose} />
      ) : null}
      {view.step === "committing" ? <p aria-live="polite">{t("committing")}</p> : null}
      {view.step === "done" ? (
        <ImportReportView report={view.report} error={view.error} t={t} />
      ) : null}
      <div className="dialog-actions">
        {view.step === "done" ? (
          <button type="button" className="primary" onClick={onCancel}>
            {t("close")}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              disabled={view.step !== "planned"}
              onClick={onCommit}
            >
              {t("import")}
            </button>
            <button type="button" onClick={onCancel}>
              {t("cancel")}
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
