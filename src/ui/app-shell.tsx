import { useEffect, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { AgentsPanel } from "./agents/agents-panel.tsx";
import { useDocumentSettings, useRouting } from "./app-effects.ts";
import { ChatPanel } from "./chat-panel.tsx";
import { Composer } from "./composer.tsx";
import { useT } from "./i18n/use-t.ts";
import { ImportExport } from "./interop/import-export.tsx";
import { MarkdownLabelsProvider } from "./messages/markdown-labels-provider.tsx";
import { ModelPicker } from "./model-picker.tsx";
import { ProxyBanner } from "./proxy/proxy-banner.tsx";
import { useSendBlock } from "./proxy/use-send-block.ts";
import { SettingsDialog } from "./settings-dialog.tsx";
import { HelpDialog } from "./shortcuts/help-dialog.tsx";
import { useDrawer } from "./sidebar/use-drawer.ts";
import { DRAWER_ID, Sidebar } from "./sidebar.tsx";
import { StorageBanner } from "./storage/storage-banner.tsx";
import { useStorageBlock } from "./storage/use-storage-block.ts";
import { UndoToast } from "./undo-toast.tsx";
import { UpdateOffer } from "./update-offer.tsx";
import { useAppShortcuts } from "./use-app-shortcuts.ts";
import { useServices } from "./use-services.tsx";

type Dialog = "settings" | "agents" | "help" | null;

export function AppShell() {
  const t = useT();
  const { navigation } = useServices();
  const ready = useAppStore((s) => s.ready);
  const activeId = useAppStore((s) => s.activeId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const drawer = useDrawer();
  const { setOpen: setDrawerOpen, open: drawerOpen } = drawer;
  const blocked = useSendBlock();
  const storageBlock = useStorageBlock(activeId);
  const composerStorageBlock = useStorageBlock(activeId, false);
  const close = () => setDialog(null);
  useRouting();
  useDocumentSettings();
  useEffect(() => navigation.subscribe(drawer.close), [navigation, drawer.close]);
  useAppShortcuts({ openHelp: () => setDialog("help"), openDrawer: () => setDrawerOpen(true) });

  return (
    <MarkdownLabelsProvider>
      <div className={drawerOpen ? "app drawer-open" : "app"}>
        <Sidebar ref={drawer.drawerRef} />
        {drawerOpen ? (
          <button
            type="button"
            className="drawer-scrim"
            aria-label={t("closeSidebar")}
            tabIndex={-1}
            onClick={drawer.close}
          />
        ) : null}
        <div className="main" inert={drawer.modal}>
          <div className="topbar">
            <button
              ref={drawer.menuRef}
              type="button"
              className="menu-button"
              aria-controls={DRAWER_ID}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen((o) => !o)}
            >
              {t("openSidebar")}
            </button>
            <span className="topbar-spacer" />
            <ImportExport />
            <button type="button" onClick={() => setDialog("agents")}>
              {t("agentsButton")}
            </button>
            <button type="button" aria-keyshortcuts="?" onClick={() => setDialog("help")}>
              {t("help")}
            </button>
            <button type="button" onClick={() => setDialog("settings")}>
              {t("settings")}
            </button>
          </div>
          <UpdateOffer />
          <ProxyBanner reason={blocked} />
          <StorageBanner />
          {!ready ? (
            <p className="muted">{t("loading")}</p>
          ) : activeId ? (
            <ChatPanel
              key={activeId}
              sessionId={activeId}
              blockedReason={blocked ?? storageBlock}
              composerBlockedReason={blocked ?? composerStorageBlock}
            />
          ) : (
            <main className="chat-panel">
              <header className="chat-header">
                <h1>{t("untitled")}</h1>
                <div className="toolbar">
                  <ModelPicker />
                </div>
              </header>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it */}
              <div role="log" aria-label={t("messages")} className="chat-log" tabIndex={0}>
                <p className="muted empty">{t("emptyChat")}</p>
              </div>
              <Composer sessionId={null} blockedReason={blocked} />
            </main>
          )}
        </div>
        <UndoToast />
        <SettingsDialog open={dialog === "settings"} onClose={close} />
        <AgentsPanel open={dialog === "agents"} onClose={close} />
        <HelpDialog open={dialog === "help"} onClose={close} />
      </div>
    </MarkdownLabelsProvider>
  );
}
