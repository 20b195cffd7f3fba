import { type FormEvent, useState, useSyncExternalStore } from "react";
import type { SyncStatus } from "../../services/sync/sync-status.ts";
import type { SectionKey } from "../i18n/sections.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { useServices } from "../use-services.tsx";

/** The dictionary key that words a sync status. */
export function syncStatusKey(status: SyncStatus): SectionKey<"sync"> {
  return status.state === "failed" ? `sync.${status.code}` : `sync.${status.state}`;
}

/**
 * Settings → Sync. What is typed stays in this component's memory only (never localStorage):
 * the password and passphrase are secrets, and a reload asks for them again (docs/sync.md).
 */
export function SyncSettings() {
  const t = useSectionT("sync");
  const { sync } = useServices();
  const status = useSyncExternalStore(
    (listener) => sync.subscribe(listener),
    () => sync.getStatus(),
    () => sync.getStatus(),
  );
  const [fields, setFields] = useState({ server: "", username: "", password: "", passphrase: "" });
  if (!t) return null;
  const field = (name: keyof typeof fields, label: SectionKey<"sync">, secret = false) => (
    <label>
      {t(label)}
      <input
        type="text"
        className={secret ? "masked" : undefined}
        autoComplete="off"
        spellCheck={false}
        value={fields[name]}
        onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
      />
    </label>
  );
  const on = status.state !== "off" && status.state !== "failed";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void sync.start({ ...fields, server: fields.server.trim() });
  };
  return (
    <section aria-labelledby="settings-sync">
      <h3 id="settings-sync">{t("sync.title")}</h3>
      <p className="muted">{t("sync.intro")}</p>
      <form onSubmit={submit}>
        {field("server", "sync.server")}
        <p className="muted">{t("sync.serverHelp")}</p>
        {field("username", "sync.username")}
        {field("password", "sync.password", true)}
        {field("passphrase", "sync.passphrase", true)}
        <p className="muted">{t("sync.passphraseHelp")}</p>
        {on ? (
          <>
            {status.state === "offline" && (
              <button type="button" onClick={() => sync.retryNow()}>
                {t("sync.retryNow")}
              </button>
            )}
            {status.state === "paused" ? (
              <button type="button" onClick={() => sync.resume()}>
                {t("sync.resume")}
              </button>
            ) : (
              <button type="button" onClick={() => sync.pause()}>
                {t("sync.pause")}
              </button>
            )}
            <button type="button" onClick={() => sync.stop()}>
              {t("sync.turnOff")}
            </button>
          </>
        ) : (
          <button type="submit" disabled={fields.server === "" || fields.passphrase === ""}>
            {t("sync.turnOn")}
          </button>
        )}
      </form>
      <p role="status">{t(syncStatusKey(status))}</p>
    </section>
  );
}
