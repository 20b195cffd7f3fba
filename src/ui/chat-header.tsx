import { lazy, type ReactNode, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { PipelineEditor } from "./agents/pipeline-editor.tsx";
import { ConversationMenu } from "./header/conversation-menu.tsx";
import { loadSection } from "./i18n/dictionaries.ts";
import { useT } from "./i18n/use-t.ts";
import { LazyMount } from "./lazy-mount.tsx";
import { useServices } from "./use-services.tsx";

interface ChatHeaderProps {
  sessionId: string;
  onOpenDetails: () => void;
  /** The app's own controls at the row's ends: the drawer's button, the `More` menu. */
  start: ReactNode;
  end: ReactNode;
}

/** One header row: the open conversation's title (renamed in place), its agents, model and menus. */
const ConversationSettingsDialog = lazy(() =>
  Promise.all([
    import("./conversation-settings/conversation-settings-dialog.tsx"),
    loadSection("dialogWords"),
  ]).then(([m]) => ({ default: m.ConversationSettingsDialog })),
);

export function ChatHeader({ sessionId, onOpenDetails, start, end }: ChatHeaderProps) {
  const t = useT();
  const title = useAppStore((s) => s.summaries[sessionId]?.title ?? "");
  const { edits } = useServices();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const save = (text: string) => {
    void edits.rename(sessionId, text);
    setRenaming(null);
  };

  return (
    <header className="chat-header">
      {start}
      {renaming === null ? (
        <h1>{title || t("untitled")}</h1>
      ) : (
        <form
          className="rename"
          onSubmit={(e) => {
            e.preventDefault();
            save(renaming);
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) save(renaming);
          }}
        >
          <input
            aria-label={t("renamePrompt")}
            value={renaming}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to rename
            autoFocus
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.stopPropagation();
                setRenaming(null);
              }
            }}
          />
          <button type="submit">{t("save")}</button>
          <button type="button" onClick={() => setRenaming(null)}>
            {t("cancel")}
          </button>
        </form>
      )}
      <div className="toolbar">
        <PipelineEditor sessionId={sessionId} />
        <ConversationMenu
          sessionId={sessionId}
          onRename={() => setRenaming(title)}
          onDetails={onOpenDetails}
          onSettings={() => setConfiguring(true)}
        />
        {end}
      </div>
      <LazyMount open={configuring}>
        <ConversationSettingsDialog
          sessionId={sessionId}
          open={configuring}
          onClose={() => setConfiguring(false)}
        />
      </LazyMount>
    </header>
  );
}
