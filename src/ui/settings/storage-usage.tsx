import { useEffect, useState } from "react";
import { useSectionT } from "../i18n/use-section-t.ts";

type Estimate = { usage: number; quota: number } | "unknown" | null;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** What this site stores in the browser, and how much it may store. */
export function StorageUsage() {
  const t = useSectionT("dialogWords");
  const [estimate, setEstimate] = useState<Estimate>(null);
  useEffect(() => {
    let live = true;
    const storage = typeof navigator === "undefined" ? undefined : navigator.storage;
    if (!storage?.estimate) {
      setEstimate("unknown");
      return;
    }
    storage.estimate().then(
      (e) => live && setEstimate({ usage: e.usage ?? 0, quota: e.quota ?? 0 }),
      () => live && setEstimate("unknown"),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!t) return null;
  if (estimate === null) return <p className="muted">{t("storageMeasuring")}</p>;
  if (estimate === "unknown") return <p className="muted">{t("storageUnknown")}</p>;
  return (
    <p>
      {t("storageUsed", { used: formatBytes(estimate.usage), quota: formatBytes(estimate.quota) })}
    </p>
  );
}
