import { useEffect, useState } from "react";
import { useAppStore } from "../store/react.tsx";
import type { Translate } from "./i18n/use-t.ts";
import { useT } from "./i18n/use-t.ts";
import { formatDuration } from "./messages/format.ts";
import { parseState, type StateParse } from "./session/parse-state.ts";
import { sessionTotals } from "./session/session-totals.ts";
import {
  changedMeanwhile,
  draftFrom,
  followStored,
  formatState,
  type StateDraft,
} from "./session/state-draft.ts";
import { useServices } from "./use-services.tsx";

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
  const { edits } = useServices();
  const stateJson = formatState(session?.state);
  const [draft, setDraft] = useState<StateDraft>(() => draftFrom(sessionId, stateJson));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => setDraft((d) => followStored(d, sessionId, stateJson)), [sessionId, stateJson]);

  if (!session) return null;
  const totals = sessionTotals(session.messages);
  const save = () => {
    const parsed = parseState(draft.text);
    setSaved(false);
    if (!parsed.ok) {
      setProblem(refusal(parsed, t));
      return;
    }
    setProblem(null);
    const formatted = formatState(parsed.value);
    const editing = draft;
    setDraft({ ...editing, base: formatted });
    edits.setState(sessionId, parsed.value).then(
      () => {
        setDraft(draftFrom(sessionId, formatted));
        setSaved(true);
      },
      (error: unknown) => {
        setDraft((d) => (d.text === editing.text ? editing : d));
        setProblem(
          t("stateSaveFailed", { detail: error instanceof Error ? error.message : String(error) }),
        );
      },
    );
  };
  const outdated = changedMeanwhile(draft, stateJson);

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
          value={draft.text}
          rows={8}
          spellCheck={false}
          onChange={(e) => {
            const text = e.target.value;
            setDraft((d) => ({ ...d, text }));
            setSaved(false);
          }}
        />
        {outdated ? (
          <div className="notice" role="status">
            <p>{t("stateChangedMeanwhile")}</p>
            <button
              type="button"
              onClick={() => {
                setDraft(draftFrom(sessionId, stateJson));
                setProblem(null);
              }}
            >
              {t("loadNewState")}
            </button>
          </div>
        ) : null}
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

function refusal(parsed: Exclude<StateParse, { ok: true }>, t: Translate): string {
  if (parsed.reason === "syntax") return t("stateSyntax", { detail: parsed.detail });
  if (parsed.reason === "unstorable")
    return t("stateUnstorable", { path: parsed.path, detail: parsed.detail });
  return t("stateNotObject");
}
