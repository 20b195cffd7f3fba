import { useT } from "./i18n/use-t.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import { SettingsForm } from "./settings/settings-form.tsx";

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t("settings")}
      closeLabel={t("close")}
      className="settings"
    >
      <SettingsForm />
    </ModalDialog>
  );
}
