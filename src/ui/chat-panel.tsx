import { useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { ChatLog } from "./chat-log.tsx";
import { Composer } from "./composer.tsx";
import { FailureAlert } from "./failure-alert.tsx";
import { useT } from "./i18n/use-t.ts";
import { ModelPicker } from "./model-picker.tsx";
import { navigateTo } from "./navigation.ts";
import { SessionDetails } from "./session-details.tsx";

export function ChatPanel({ sessionId }: { sessionId: string }) {
  const t = useT();
  const title = useAppStore((s) => s.summaries[sessionId]?.title ?? "");
  const loaded = useAppStore((s) => Boolean(s.bodies[sessionId]));
  const renameSession = useAppStore((s) => s.renameSession);
  const deleteSession = useAppStore((s) => s.deleteSession);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  return (
    <main className="chat-panel">
      <header className="chat-header">
        {renaming === null ? (
          <h1>{title || t("untitled")}</h1>
        ) : (
          <form
            className="rename"
            onSubmit={(e) => {
              e.preventDefault();
              void renameSession(sessionId, renaming);
              setRenaming(null);
            }}
          >
            <input
              aria-label={t("renamePrompt")}
              value={renaming}
              onChange={(e) => setRenaming(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setRenaming(null)}
            />
            <button type="submit">{t("save")}</button>
            <button type="button" onClick={() => setRenaming(null)}>
              {t("cancel")}
            </button>
          </form>
        )}
        <div className="toolbar">
          <ModelPicker />
          <button type="button" onClick={() => setRenaming(title)}>
            {t("rename")}
          </button>
          <button
            type="button"
            onClick={async () => {
              await deleteSession(sessionId);
              navigateTo(null);
            }}
          >
            {t("delete")}
          </button>
          <button
            type="button"
            aria-expanded={detailsOpen}
            onClick={() => setDetailsOpen((o) => !o)}
          >
            {t("sessionDetails")}
          </button>
        </div>
      </header>
      <div className="chat-body">
        <div className="chat-column">
          {loaded ? <ChatLog sessionId={sessionId} /> : <p className="muted">{t("loading")}</p>}
          <FailureAlert sessionId={sessionId} />
          <Composer sessionId={sessionId} blockedReason={null} />
        </div>
        {detailsOpen ? <SessionDetails sessionId={sessionId} /> : null}
      </div>
    </main>
  );
}
