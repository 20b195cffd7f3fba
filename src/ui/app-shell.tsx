import { useEffect, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { ChatPanel } from "./chat-panel.tsx";
import { Composer } from "./composer.tsx";
import { useLocale, useT } from "./i18n/use-t.ts";
import { idFromPath, onNavigate } from "./navigation.ts";
import { SettingsDialog } from "./settings-dialog.tsx";
import { Sidebar } from "./sidebar.tsx";
import { UndoToast } from "./undo-toast.tsx";

function useRouting() {
  const ready = useAppStore((s) => s.ready);
  const openSession = useAppStore((s) => s.openSession);
  useEffect(() => {
    if (!ready) return;
    const follow = () => void openSession(idFromPath(window.location.pathname));
    follow();
    const stop = onNavigate((id) => void openSession(id));
    window.addEventListener("popstate", follow);
    return () => {
      stop();
      window.removeEventListener("popstate", follow);
    };
  }, [ready, openSession]);
}

function useDocumentSettings() {
  const locale = useLocale();
  const theme = useAppStore((s) => s.settings.theme);
  useEffect(() => {
    document.documentElement.lang = locale === "zh" ? "zh-CN" : "en";
  }, [locale]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}

export function AppShell() {
  const t = useT();
  const ready = useAppStore((s) => s.ready);
  const activeId = useAppStore((s) => s.activeId);
  const [settingsOpen, setSettingsOpen] = useState(false);
  useRouting();
  useDocumentSettings();

  return (
    <div className="app">
      <Sidebar />
      <div className="main">
        <div className="topbar">
          <button type="button" onClick={() => setSettingsOpen(true)}>
            {t("settings")}
          </button>
        </div>
        {!ready ? (
          <p className="muted">{t("loading")}</p>
        ) : activeId ? (
          <ChatPanel key={activeId} sessionId={activeId} />
        ) : (
          <main className="chat-panel">
            <div role="log" aria-label={t("messages")} className="chat-log">
              <p className="muted empty">{t("emptyChat")}</p>
            </div>
            <Composer sessionId={null} blockedReason={null} />
          </main>
        )}
      </div>
      <UndoToast />
      <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
