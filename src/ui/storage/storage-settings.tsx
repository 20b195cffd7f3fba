import { useEffect } from "react";
import { useAppStore } from "../../store/react.tsx";
import { recordText } from "../i18n/record-words.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { useServices } from "../use-services.tsx";
import { downloadDamaged } from "./storage-banner.tsx";
import { useStorageT } from "./storage-strings.ts";

/** Settings → Storage: whether data is kept persistently, auto-delete, and unreadable records. */
export function StorageSettings() {
  const t = useStorageT();
  const words = useSectionT("dialogWords");
  const info = useAppStore((s) => s.storageInfo);
  const { storage, settings: settingsService } = useServices();
  const days = useAppStore((s) => s.settings.autoDeleteDays);
  const damaged = useAppStore((s) => s.damagedRecords);

  useEffect(() => {
    void storage.refreshInfo();
    void storage.loadDamaged();
  }, [storage]);

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
            if (Number.isInteger(value) && value >= 0)
              settingsService.update({ autoDeleteDays: value });
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
                <code>{d.key}</code>
                {words ? `: ${recordText(d, words)}` : null}{" "}
                <button type="button" onClick={() => void storage.discardDamaged(d.key)}>
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
