import { lazy, type ReactNode, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { ChatHeader } from "./chat-header.tsx";
import { Composer } from "./composer.tsx";
import { FailureAlert } from "./failure-alert.tsx";
import { loadSection } from "./i18n/dictionaries.ts";
import { useT } from "./i18n/use-t.ts";
import { LazyMount } from "./lazy-mount.tsx";
import { MessageList } from "./messages/message-list.tsx";

const SessionDetails = lazy(() =>
  Promise.all([import("./session-details.tsx"), loadSection("dialogWords")]).then(([m]) => ({
    default: m.SessionDetails,
  })),
);

export function ChatPanel({
  sessionId,
  blockedReason,
  composerBlockedReason,
  headerStart,
  headerEnd,
}: {
  sessionId: string;
  /** Why Regenerate and Edit are not offered now (sending is blocked, or the history is being read). */
  blockedReason: string | null;
  /** Why the composer cannot send; a message sent while the history is read waits for it. */
  composerBlockedReason: string | null;
  headerStart: ReactNode;
  headerEnd: ReactNode;
}) {
  const t = useT();
  const loaded = useAppStore((s) => Boolean(s.bodies[sessionId] ?? s.previews[sessionId]));
  const [detailsOpen, setDetailsOpen] = useState(false);

  return (
    <main className="chat-panel">
      <ChatHeader
        sessionId={sessionId}
        onOpenDetails={() => setDetailsOpen(true)}
        start={headerStart}
        end={headerEnd}
      />
      <div className="chat-body">
        <div className="chat-column">
          {loaded ? (
            <MessageList sessionId={sessionId} blockedReason={blockedReason} />
          ) : (
            <p className="muted">{t("loading")}</p>
          )}
          <FailureAlert sessionId={sessionId} />
          <Composer sessionId={sessionId} blockedReason={composerBlockedReason} />
        </div>
        <LazyMount open={detailsOpen}>
          <SessionDetails
            sessionId={sessionId}
            open={detailsOpen}
            onClose={() => setDetailsOpen(false)}
          />
        </LazyMount>
      </div>
    </main>
  );
}
