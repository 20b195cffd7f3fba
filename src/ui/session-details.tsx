import { useEffect, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { formatDuration } from "./messages/format.ts";
import { parseState } from "./session/parse-state.ts";
import { sessionTotals } from "./session/session-totals.ts";

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** Id, times, counts, metadata, totals, and the session's state as editable JSON. */
export function SessionDetails({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const t = useT();
  const session = useAppStore((s) => s.bodies[sessionId]);
  const setSessionState = useAppStore((s) => s.setSessionState);
  const stateJson = JSON.stringify(session?.state ?? {}, null, 2);
  const [draft, setDraft] = useState(stateJson);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => setDraft(stateJson), [stateJson]);

  if (!session) return null;
  const totals = sessionTotals(session.messages);
  const save = () => {
    const parsed = parseState(draft);
    setSaved(false);
    if (!parsed.ok) {
      setProblem(
        parsed.reason === "syntax"
          ? t("stateSyntax", { detail: parsed.detail })
          : t("stateNotObject"),
      );
      return;
    }
    setProblem(null);
    void setSessionState(sessionId, parsed.value).then(() => setSaved(true));
  };

  return (
    <section className="session-details" aria-label={t("sessionDetails")}>
      <div className="details-head">
        <h2>{t("sessionDetails")}</h2>
        <button type="button" onClick={onClose}>
          {t("close")}
        </button>
      </div>
      <dl>
        <Row label={t("detailsId")} value={session.id} />
        <Row label={t("detailsCreated")} value={session.createdAt} />
        <Row label={t("detailsUpdated")} value={session.updatedAt} />
        <Row label={t("detailsMessages")} value={session.messages.length} />
        <Row label={t("detailsRevision")} value={session.revision} />
        <Row
          label={t("metaTokens")}
          value={t("metaTokensValue", {
            prompt: totals.promptTokens,
            completion: totals.completionTokens,
            total: totals.totalTokens,
          })}
        />
        <Row label={t("detailsAnswerTime")} value={formatDuration(totals.answerMs)} />
        <Row label={t("detailsToolCalls")} value={totals.toolCalls} />
      </dl>
      <h3>{t("detailsMetadata")}</h3>
      <pre className="details-json">{JSON.stringify(session.metadata, null, 2)}</pre>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label htmlFor="session-state">{t("detailsState")}</label>
        <p id="session-state-hint" className="muted">
          {t("detailsStateHint")}
        </p>
        <textarea
          id="session-state"
          aria-invalid={problem ? true : undefined}
          aria-describedby={
            problem ? "session-state-hint session-state-problem" : "session-state-hint"
          }
          value={draft}
          rows={8}
          spellCheck={false}
          onChange={(e) => {
            setDraft(e.target.value);
            setSaved(false);
          }}
        />
        {problem ? (
          <p id="session-state-problem" role="alert" className="field-error">
            {problem}
          </p>
        ) : null}
        <p role="status" className="muted">
          {saved ? t("stateSaved") : ""}
        </p>
        <button type="submit">{t("saveState")}</button>
      </form>
    </section>
  );
}
