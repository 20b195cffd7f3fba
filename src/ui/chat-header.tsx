import { useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { PipelineEditor } from "./agents/pipeline-editor.tsx";
import { useT } from "./i18n/use-t.ts";
import { ModelPicker } from "./model-picker.tsx";
import { useServices } from "./use-services.tsx";

interface ChatHeaderProps {
  sessionId: string;
  detailsOpen: boolean;
  onToggleDetails: () => void;
}

/** The open conversation's title (renamed in place), its agents, model and actions. */
export function ChatHeader({ sessionId, detailsOpen, onToggleDetails }: ChatHeaderProps) {
  const t = useT();
  const title = useAppStore((s) => s.summaries[sessionId]?.title ?? "");
  const pinned = useAppStore((s) => s.summaries[sessionId]?.pinned === true);
  const { edits, trash, navigation } = useServices();
  const [renaming, setRenaming] = useState<string | null>(null);

  return (
    <header className="chat-header">
      {renaming === null ? (
        <h1>{title || t("untitled")}</h1>
      ) : (
        <form
          className="rename"
          onSubmit={(e) => {
            e.preventDefault();
            void edits.rename(sessionId, renaming);
            setRenaming(null);
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
        <ModelPicker />
        <button type="button" onClick={() => void edits.pin(sessionId, !pinned)}>
          {pinned ? t("unpin") : t("pin")}
        </button>
        <button type="button" onClick={() => setRenaming(title)}>
          {t("rename")}
        </button>
        <button
          type="button"
          onClick={async () => {
            await trash.delete(sessionId);
            navigation.navigateTo(null);
          }}
        >
          {t("delete")}
        </button>
        <button type="button" aria-expanded={detailsOpen} onClick={onToggleDetails}>
          {t("sessionDetails")}
        </button>
      </div>
    </header>
  );
}
