import { useEffect } from "react";
import { useAppStore } from "../../store/react.tsx";
import { downloadDamaged } from "./storage-banner.tsx";
import { useStorageT } from "./storage-strings.ts";

/** Settings → Storage: whether data is kept persistently, auto-delete, and unreadable records. */
export function StorageSettings() {
  const t = useStorageT();
  const info = useAppStore((s) => s.storageInfo);
  const refresh = useAppStore((s) => s.refreshStorageInfo);
  const days = useAppStore((s) => s.settings.autoDeleteDays);
  const updateSettings = useAppStore((s) => s.updateSettings);
  const damaged = useAppStore((s) => s.damagedRecords);
  const loadDamaged = useAppStore((s) => s.loadDamaged);
  const discard = useAppStore((s) => s.discardDamaged);

  useEffect(() => {
    void refresh();
    void loadDamaged();
  }, [refresh, loadDamaged]);

  return (
    <div className="storage-settings">
      {info ? (
        <p>
          {!info.saving ? t("notSaving") : info.persistent ? t("persistent") : t("notPersistent")}
        </p>
      ) : null}
      <label>
        {t("autoDelete")}
        <input
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={days}
          onChange={(e) => {
            const value = Number(e.target.value);
            if (Number.isInteger(value) && value >= 0) updateSettings({ autoDeleteDays: value });
          }}
        />
      </label>
      <p className="muted">{t("autoDeleteHelp")}</p>
      <h4>{t("damagedTitle")}</h4>
      {damaged.length === 0 ? (
        <p className="muted">{t("damagedNone")}</p>
      ) : (
        <>
          <ul>
            {damaged.map((d) => (
              <li key={d.key}>
                <code>{d.key}</code>: {d.reason}{" "}
                <button type="button" onClick={() => void discard(d.key)}>
                  {t("discard", { key: d.key })}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => downloadDamaged(damaged)}>
            {t("downloadDamaged")}
          </button>
        </>
      )}
    </div>
  );
}
