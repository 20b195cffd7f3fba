import { ArrowUp, Square } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useState } from "react";
import type { UnsentReason } from "../services/composer/unsent-texts.ts";
import { useAppStore } from "../store/react.tsx";
import { AfterPaint } from "./after-paint.tsx";
import { AttachButton } from "./attachments/attach-button.tsx";
import { AttachmentList } from "./attachments/attachment-list.tsx";
import { AttachmentRefusals } from "./attachments/attachment-refusals.tsx";
import { useComposerFiles } from "./attachments/use-composer-files.ts";
import { ContextMeter } from "./composer/context-meter.tsx";
import { NotSentNotice } from "./composer/not-sent-notice.tsx";
import { useT } from "./i18n/use-t.ts";
import { ModelPicker } from "./model-picker.tsx";
import { useImageRefusal } from "./proxy/use-send-block.ts";
import { isSendKey } from "./shortcuts/send-key.ts";
import { COMPOSER_ID } from "./use-app-shortcuts.ts";
import { useServices } from "./use-services.tsx";

interface ComposerProps {
  /** The open conversation; null means the first message starts a new one. */
  sessionId: string | null;
  /** Why sending is not possible right now, or null. */
  blockedReason: string | null;
}

/** One card: what is attached, the text, then attach, the model, and Send or Stop. */
export function Composer({ sessionId, blockedReason }: ComposerProps) {
  const t = useT();
  const { drafts, unsent: unsentTexts, runs, sessions, navigation, attachments } = useServices();
  const files = useComposerFiles(sessionId);
  const noVision = useImageRefusal(files.pending.some((a) => a.kind === "image"));
  const [visionRefused, setVisionRefused] = useState<string | null>(null);
  const [text, setTextState] = useState(() => drafts.get(sessionId));
  const setText = (next: string) => {
    drafts.set(sessionId, next);
    setTextState(next);
  };
  const running = useAppStore((s) => (sessionId ? Boolean(s.runs[sessionId]) : false));

  // Right after a long conversation opens, its whole history is still being read, and a file
  // just attached may still be being read too: a message sent then stays in the box, said to be
  // waiting, and goes once both are in (Enter pressed right after attaching did nothing before).
  const historyReading = useAppStore((s) => (sessionId ? !s.bodies[sessionId] : false));
  const reading = historyReading || files.reading > 0;
  const [waiting, setWaiting] = useState(false);

  const [notSent, setNotSent] = useState<UnsentReason | null>(null);

  const canSend =
    !running &&
    blockedReason === null &&
    (text.trim() !== "" || files.pending.length > 0 || files.reading > 0);

  useEffect(() => {
    if (!sessionId) return;
    const takeBack = () => {
      const unsent = unsentTexts.take(sessionId);
      if (!unsent) return;
      const current = drafts.get(sessionId);
      const next = current.trim() === "" ? unsent.text : `${unsent.text}\n${current}`;
      drafts.set(sessionId, next);
      setTextState(next);
      setNotSent(unsent.failure);
    };
    takeBack();
    return unsentTexts.subscribe(takeBack);
  }, [sessionId, drafts, unsentTexts]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setWaiting(false);
    if (!canSend) return;
    if (reading) {
      setWaiting(true);
      return;
    }
    setVisionRefused(noVision);
    if (noVision !== null) return;
    const value = text;
    const carried = attachments.take(sessionId);
    setText("");
    setNotSent(null);
    void (async () => {
      let id = sessionId;
      try {
        id ??= await sessions.newSession();
        if (!sessionId) navigation.navigateTo(id);
        const result = await runs.send(id, value, carried);
        if (!result.ok) {
          unsentTexts.putBack(id, { text: value, failure: result.error });
          attachments.putBack(id, carried);
        }
      } catch (error) {
        const failure: UnsentReason = {
          code: "failed",
          detail: error instanceof Error ? error.message : String(error),
        };
        attachments.putBack(id, carried);
        if (id) unsentTexts.putBack(id, { text: value, failure });
        else {
          setText(value);
          setNotSent(failure);
        }
      }
    })();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: sends what is in the box once read
  useEffect(() => {
    if (waiting && !reading) submit();
  }, [waiting, reading]);

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendKey(e)) {
      e.preventDefault();
      submit();
    } else if (e.key === "Escape" && running && sessionId && !e.defaultPrevented) {
      e.preventDefault();
      runs.stop(sessionId);
    }
  };

  return (
    <form className="composer" onSubmit={submit} {...files.dropTarget}>
      <AttachmentRefusals
        refusals={visionRefused ? [t("attach.noVision", { model: visionRefused })] : files.refusals}
        onDismiss={() => {
          setVisionRefused(null);
          files.dismissRefusals();
        }}
      />
      {notSent ? <NotSentNotice reason={notSent} onClose={() => setNotSent(null)} /> : null}
      <div className="composer-card">
        <AttachmentList attachments={files.pending} onRemove={files.remove} />
        <textarea
          id={COMPOSER_ID}
          aria-label={t("message")}
          aria-describedby={blockedReason ? "composer-blocked" : undefined}
          placeholder={t("messagePlaceholder")}
          value={text}
          rows={2}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="composer-actions">
          <AttachButton onFiles={(picked) => void files.add(picked)} />
          <ModelPicker />
          <AfterPaint placeholder={<span className="context-meter" aria-hidden="true" />}>
            <ContextMeter sessionId={sessionId} draft={text} />
          </AfterPaint>
          <span className="composer-status">
            {files.reading > 0 ? (
              <span role="status" className="muted">
                {t("attach.reading", { n: files.reading })}
              </span>
            ) : null}
            {waiting ? (
              <span role="status" className="muted">
                {t(historyReading ? "sendsWhenRead" : "attach.sendsWhenRead")}
              </span>
            ) : null}
            {blockedReason ? (
              <span id="composer-blocked" className="muted">
                {blockedReason}
              </span>
            ) : null}
          </span>
          {running && sessionId ? (
            <button type="button" className="send-button" onClick={() => runs.stop(sessionId)}>
              <Square aria-hidden="true" size={14} fill="currentColor" />
              <span className="visually-hidden">{t("stop")}</span>
            </button>
          ) : (
            <button type="submit" className="send-button primary" disabled={!canSend}>
              <ArrowUp aria-hidden="true" size={18} strokeWidth={2.25} />
              <span className="visually-hidden">{t("send")}</span>
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
