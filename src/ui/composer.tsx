import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { navigateTo } from "./navigation.ts";
import { isSendKey } from "./shortcuts/send-key.ts";
import { COMPOSER_ID } from "./use-app-shortcuts.ts";

interface ComposerProps {
  /** The open conversation; null means the first message starts a new one. */
  sessionId: string | null;
  /** Why sending is not possible right now, or null. */
  blockedReason: string | null;
}

export function Composer({ sessionId, blockedReason }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState("");
  const running = useAppStore((s) => (sessionId ? Boolean(s.runs[sessionId]) : false));
  const send = useAppStore((s) => s.send);
  const newSession = useAppStore((s) => s.newSession);
  const stopRun = useAppStore((s) => s.stopRun);

  const canSend = !running && blockedReason === null && text.trim() !== "";

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    const value = text;
    setText("");
    void (async () => {
      const id = sessionId ?? (await newSession());
      if (!sessionId) navigateTo(id);
      await send(id, value);
    })();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(e)) {
      e.preventDefault();
      submit();
    } else if (e.key === "Escape" && running && sessionId) {
      e.preventDefault();
      stopRun(sessionId);
    }
  };

  return (
    <form className="composer" onSubmit={submit}>
      <textarea
        id={COMPOSER_ID}
        aria-label={t("message")}
        aria-describedby={blockedReason ? "composer-blocked" : undefined}
        placeholder={t("messagePlaceholder")}
        value={text}
        rows={3}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {blockedReason ? (
          <span id="composer-blocked" className="muted">
            {blockedReason}
          </span>
        ) : null}
        {running && sessionId ? (
          <button type="button" onClick={() => stopRun(sessionId)}>
            {t("stop")}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!canSend}>
            {t("send")}
          </button>
        )}
      </div>
    </form>
  );
}
