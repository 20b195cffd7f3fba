import { useT } from "./i18n/use-t.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import { SettingsForm } from "./settings/settings-form.tsx";

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog open={open} onClose={onClose} label={t("settings")} className="settings">
      <h2>{t("settings")}</h2>
      <SettingsForm />
      <div className="form-actions">
        <button type="button" onClick={onClose}>
          {t("close")}
        </button>
      </div>
    </ModalDialog>
  );
}
