import { Fragment } from "react";
import { useSectionT } from "../i18n/use-section-t.ts";
import { ModalDialog } from "../modal-dialog.tsx";
import { isMac, SHORTCUTS } from "./shortcut-list.ts";

/** Lists every keyboard shortcut; opened with `?`. */
export function HelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useSectionT("dialogWords");
  const mod = isMac(typeof navigator === "undefined" ? "" : navigator.platform) ? "⌘" : "Ctrl";
  if (!t) return null;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t("helpTitle")}
      closeLabel={t("close")}
      className="help-dialog"
    >
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">{t("helpKeys")}</th>
            <th scope="col">{t("helpAction")}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                {s.keys.map((k, i) => (
                  <Fragment key={k}>
                    {i > 0 ? " + " : null}
                    <kbd>{k === "Mod" ? mod : k}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{t(s.action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t("helpImeNote")}</p>
    </ModalDialog>
  );
}
