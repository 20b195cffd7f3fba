import { PanelLeft } from "lucide-react";
import { lazy, useEffect, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import {
  useDocumentSettings,
  useDocumentTitle,
  useRouting,
  useVisualViewport,
} from "./app-effects.ts";
import { ChatPanel } from "./chat-panel.tsx";
import { Composer } from "./composer.tsx";
import { IconButton } from "./controls/icon-button.tsx";
import { Tooltips } from "./controls/lazy-overlays.tsx";
import { EmptyState } from "./empty/empty-state.tsx";
import { type AppDialog, AppMenu } from "./header/app-menu.tsx";
import { loadSection } from "./i18n/dictionaries.ts";
import { useT } from "./i18n/use-t.ts";
import { ImportExport } from "./interop/import-export.tsx";
import { LazyMount } from "./lazy-mount.tsx";
import { MarkdownLabelsProvider } from "./messages/markdown-labels-provider.tsx";
import { ProxyBanner } from "./proxy/proxy-banner.tsx";
import { useSendBlock } from "./proxy/use-send-block.ts";
import { useDrawer } from "./sidebar/use-drawer.ts";
import { DRAWER_ID, Sidebar } from "./sidebar.tsx";
import { StorageBanner } from "./storage/storage-banner.tsx";
import { useStorageBlock } from "./storage/use-storage-block.ts";
import { UndoToast } from "./undo-toast.tsx";
import { UpdateOffer } from "./update-offer.tsx";
import { useAppShortcuts } from "./use-app-shortcuts.ts";
import { useServices } from "./use-services.tsx";

// Each dialog's words (sections.ts) load beside its code.
const SettingsDialog = lazy(() =>
  Promise.all([
    import("./settings-dialog.tsx"),
    loadSection("sync"),
    loadSection("dialogWords"),
  ]).then(([m]) => ({
    default: m.SettingsDialog,
  })),
);
const AgentsPanel = lazy(() =>
  Promise.all([import("./agents/agents-panel.tsx"), loadSection("dialogWords")]).then(([m]) => ({
    default: m.AgentsPanel,
  })),
);
const HelpDialog = lazy(() =>
  Promise.all([import("./shortcuts/help-dialog.tsx"), loadSection("dialogWords")]).then(([m]) => ({
    default: m.HelpDialog,
  })),
);

export function AppShell() {
  const t = useT();
  const { navigation } = useServices();
  const ready = useAppStore((s) => s.ready);
  const activeId = useAppStore((s) => s.activeId);
  const [dialog, setDialog] = useState<AppDialog | null>(null);
  const drawer = useDrawer();
  const { setOpen: setDrawerOpen, open: drawerOpen } = drawer;
  const blocked = useSendBlock();
  const storageBlock = useStorageBlock(activeId);
  const composerStorageBlock = useStorageBlock(activeId, false);
  const close = () => setDialog(null);
  useRouting();
  useDocumentSettings();
  useDocumentTitle();
  useVisualViewport();
  useEffect(() => navigation.subscribe(drawer.close), [navigation, drawer.close]);
  const headerStart = (
    <IconButton
      ref={drawer.menuRef}
      label={t("openSidebar")}
      icon={PanelLeft}
      className="menu-button"
      aria-controls={DRAWER_ID}
      aria-expanded={drawerOpen}
      onClick={() => setDrawerOpen((o) => !o)}
    />
  );
  const headerEnd = <AppMenu open={setDialog} />;
  useAppShortcuts({ openHelp: () => setDialog("help"), openDrawer: () => setDrawerOpen(true) });

  return (
    <MarkdownLabelsProvider>
      <ImportExport>
        <div className={drawerOpen ? "app drawer-open" : "app"}>
          <Sidebar ref={drawer.drawerRef} onClose={drawer.close} />
          {drawerOpen ? (
            <button
              type="button"
              className="drawer-scrim"
              aria-hidden="true"
              tabIndex={-1}
              onClick={drawer.close}
            />
          ) : null}
          <div className="main" inert={drawer.modal}>
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
                headerStart={headerStart}
                headerEnd={headerEnd}
              />
            ) : (
              <main className="chat-panel">
                <header className="chat-header">
                  {headerStart}
                  <h1>{t("untitled")}</h1>
                  <div className="toolbar">{headerEnd}</div>
                </header>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it */}
                <div role="log" aria-label={t("messages")} className="chat-log" tabIndex={0}>
                  <EmptyState sessionId={null} blockedReason={blocked} />
                </div>
                <Composer sessionId={null} blockedReason={blocked} />
              </main>
            )}
          </div>
          <UndoToast />
          <Tooltips />
          <LazyMount open={dialog === "settings"}>
            <SettingsDialog open={dialog === "settings"} onClose={close} />
          </LazyMount>
          <LazyMount open={dialog === "agents"}>
            <AgentsPanel open={dialog === "agents"} onClose={close} />
          </LazyMount>
          <LazyMount open={dialog === "help"}>
            <HelpDialog open={dialog === "help"} onClose={close} />
          </LazyMount>
        </div>
      </ImportExport>
    </MarkdownLabelsProvider>
  );
}
