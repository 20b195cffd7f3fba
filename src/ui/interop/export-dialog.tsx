import { useMemo, useState } from "react";
import type { ExportOptions } from "../../interop/export-parts.ts";
import type { AppState } from "../../store/app-state.ts";
import { useAppStore } from "../../store/react.tsx";
import { compareSummaries, isUnused } from "../../store/selectors.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { useImportT } from "./interop-strings.ts";

const NONE: AppState["summaries"] = {};

/** The conversations nobody used (never exported), as one string so the selection stays stable. */
const unusedKey = (state: AppState) =>
  Object.keys(state.bodies)
    .filter((id) => isUnused(state, id))
    .join(" ");

/** Export conversations: tick the ones to export, then Export selected. */
export function ExportDialog(props: {
  open: boolean;
  onClose: () => void;
  onExport: (ids: string[], options: ExportOptions) => void;
}) {
  const t = useImportT();
  const summaries = useAppStore((s) => (props.open ? s.summaries : NONE));
  const unused = useAppStore((s) => (props.open ? unusedKey(s) : ""));
  const list = useMemo(() => {
    const left = new Set(unused.split(" "));
    return Object.values(summaries)
      .filter((s) => !left.has(s.id))
      .sort(compareSummaries);
  }, [summaries, unused]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [attachmentBytes, setAttachmentBytes] = useState(true);
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = list.length > 0 && list.every((s) => picked.has(s.id));
  if (!t) return null;
  return (
    <ModalDialog
      open={props.open}
      onClose={props.onClose}
      title={t("exportDialog")}
      className="settings import-dialog"
    >
      <label>
        <input
          type="checkbox"
          checked={all}
          onChange={() => setPicked(all ? new Set() : new Set(list.map((s) => s.id)))}
        />{" "}
        {t("selectAll")}
      </label>
      <ul className="import-items" aria-label={t("exportDialog")}>
        {list.map((s) => (
          <li key={s.id}>
            <label>
              <input type="checkbox" checked={picked.has(s.id)} onChange={() => toggle(s.id)} />{" "}
              {s.title || t("untitled")}
            </label>
          </li>
        ))}
      </ul>
      <label>
        <input
          type="checkbox"
          checked={attachmentBytes}
          aria-describedby="export-attachments-note"
          onChange={() => setAttachmentBytes((on) => !on)}
        />{" "}
        {t("includeAttachments")}
      </label>
      {attachmentBytes ? null : (
        <p id="export-attachments-note" className="muted">
          {t("includeAttachmentsNote")}
        </p>
      )}
      <div className="dialog-actions">
        <button
          type="button"
          className="primary"
          disabled={picked.size === 0}
          onClick={() => props.onExport([...picked], { attachmentBytes })}
        >
          {t("exportSelected")}
        </button>
        <button type="button" onClick={props.onClose}>
          {t("cancel")}
        </button>
      </div>
    </ModalDialog>
  );
}
