import { useEffect, useRef } from "react";
import { useAppStore } from "../store/react.tsx";
import type { LocalePreference, ThemePreference } from "../store/settings-slice.ts";
import { useT } from "./i18n/use-t.ts";

export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const settings = useAppStore((s) => s.settings);
  const updateSettings = useAppStore((s) => s.updateSettings);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} aria-label={t("settings")} className="settings" onClose={onClose}>
      <h2>{t("settings")}</h2>
      <label>
        Language
        <select
          value={settings.locale}
          onChange={(e) => updateSettings({ locale: e.target.value as LocalePreference })}
        >
          <option value="auto">Auto</option>
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </label>
      <label>
        Theme
        <select
          value={settings.theme}
          onChange={(e) => updateSettings({ theme: e.target.value as ThemePreference })}
        >
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
      <label>
        Proxy access token
        <input
          type="password"
          autoComplete="off"
          value={settings.accessToken}
          onChange={(e) => updateSettings({ accessToken: e.target.value })}
        />
      </label>
      <button type="button" onClick={onClose}>
        {t("close")}
      </button>
    </dialog>
  );
}
