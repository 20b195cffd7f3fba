import { type ConflictChoice, nothingToImport } from "../../interop/import-plan.ts";
import type { ImportView } from "../../services/import/import-service.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { ImportPlanView } from "./import-plan-view.tsx";
import { ImportProgressView } from "./import-progress.tsx";
import { ImportReportView } from "./import-report-view.tsx";
import { useImportT } from "./interop-strings.ts";

const NOTHING = {
  refused: "nothingRefused",
  empty: "nothing",
  identical: "nothingIdentical",
  skipped: "nothingSkipped",
} as const;

interface ImportDialogProps {
  view: ImportView;
  onChoose: (key: string | null, choice: ConflictChoice) => void;
  onCommit: () => void;
  onCancel: () => void;
}

/** The Import conversations dialog: progress while reading, the plan with conflict choices, then the report. */
export function ImportDialog({ view, onChoose, onCommit, onCancel }: ImportDialogProps) {
  const t = useImportT();
  const open = view.step !== "idle";
  if (!t) return null;
  const nothing = view.step === "planned" ? nothingToImport(view.plan) : null;
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={t("importDialog")}
      className="settings import-dialog"
    >
      {view.step === "reading" ? (
        <ImportProgressView progress={view.progress} fileName={view.fileName} t={t} />
      ) : null}
      {view.step === "planned" || view.step === "committing" ? (
        <ImportPlanView plan={view.plan} t={t} onChoose={onChoose} />
      ) : null}
      {view.step === "committing" ? (
        <ImportProgressView progress={view.progress} fileName="" t={t} />
      ) : null}
      {view.step === "done" ? (
        <ImportReportView report={view.report} error={view.error} t={t} />
      ) : null}
      {nothing ? <p id="import-nothing">{t(NOTHING[nothing])}</p> : null}
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
              disabled={view.step !== "planned" || nothing !== null}
              aria-describedby={nothing ? "import-nothing" : undefined}
              onClick={onCommit}
            >
              {t("import")}
            </button>
            <button
              type="button"
              disabled={view.step === "committing" && view.progress.phase === "saving"}
              onClick={onCancel}
            >
              {t("cancel")}
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
