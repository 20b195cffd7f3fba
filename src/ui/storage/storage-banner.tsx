import { useMemo } from "react";
import type { SetAsideRecord } from "../../store/app-state.ts";
import { useAppStore } from "../../store/react.tsx";
import { downloadText } from "../interop/download.ts";
import { useExport } from "../interop/use-export.ts";
import { useServices } from "../use-services.tsx";
import { useStorageT } from "./storage-strings.ts";

const OLDEST_SHOWN = 5;

/** Storage trouble, always with a way out: a banner when nothing is saved, an alert when a write failed. */
export function StorageBanner() {
  const t = useStorageT();
  const fault = useAppStore((s) => s.storageFault);
  const { storage } = useServices();
  const loadFailure = useAppStore((s) => s.loadFailure);
  if (loadFailure)
    return (
      <div role="alert" className="alert storage-banner">
        <p>{t("loadFailed", { message: loadFailure })}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t("reload")}
        </button>
      </div>
    );
  if (!fault) return null;
  if (fault.kind === "unavailable")
    return (
      <div role="alert" className="alert storage-banner">
        <p>{t("unavailable")}</p>
      </div>
    );
  if (fault.kind === "blocked")
    return (
      <div role="alert" className="alert storage-banner">
        <p>{t("blocked")}</p>
      </div>
    );
  if (fault.kind === "outdated")
    return (
      <div role="alert" className="alert storage-banner">
        <p>{t("outdated")}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t("reload")}
        </button>
      </div>
    );
  return (
    <div role="alert" className="alert storage-banner">
      {fault.kind === "quota" ? <QuotaWayOut /> : null}
      {fault.kind === "damaged" ? <DamagedWayOut /> : null}
      {fault.kind === "failed" ? <p>{t("failed", { message: fault.error })}</p> : null}
      <button type="button" onClick={() => storage.dismissFault()}>
        {t("dismiss")}
      </button>
    </div>
  );
}

function QuotaWayOut() {
  const t = useStorageT();
  const summaries = useAppStore((s) => s.summaries);
  const { trash } = useServices();
  const exportSessions = useExport();
  const oldest = useMemo(
    () =>
      Object.values(summaries)
        .filter((s) => !s.pinned)
        .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : 1))
        .slice(0, OLDEST_SHOWN),
    [summaries],
  );
  return (
    <>
      <p>{t("quota")}</p>
      <button
        type="button"
        onClick={() => void exportSessions(Object.keys(summaries), { kind: "all" })}
      >
        {t("downloadAll")}
      </button>
      {oldest.length > 0 ? (
        <details>
          <summary>{t("oldest")}</summary>
          <ul>
            {oldest.map((s) => (
              <li key={s.id}>
                {s.title || t("untitled")} ({t("messages", { count: s.messageCount })}){" "}
                <button type="button" onClick={() => void trash.delete(s.id)}>
                  {t("deleteOne", { title: s.title || t("untitled") })}
                </button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function DamagedWayOut() {
  const t = useStorageT();
  const { storage } = useServices();
  return (
    <>
      <p>{t("damaged")}</p>
      <button type="button" onClick={async () => downloadDamaged(await storage.loadDamaged())}>
        {t("downloadDamaged")}
      </button>
    </>
  );
}

/** The raw records set aside, as they were stored, in one JSON file. */
export function downloadDamaged(records: readonly SetAsideRecord[]): void {
  const at = new Date().toISOString();
  const body = { format: "parley-unreadable-records", exported_at: at, records };
  downloadText(`parley-unreadable-${at.slice(0, 10)}.json`, `${JSON.stringify(body, null, 2)}\n`);
}
