import { type Dispatch, type SetStateAction, useEffect, useState } from "react";
import { UnsavableChangeError } from "../core/unsavable.ts";
import { useAppStore } from "../store/react.tsx";
import { codecErrorText, codecText } from "./i18n/codec-words.ts";
import { type SectionTranslate, useSectionT } from "./i18n/use-section-t.ts";
import { useLocale } from "./i18n/use-t.ts";
import { displayRows } from "./messages/display-rows.ts";
import { formatDuration } from "./messages/format.ts";
import { foldToolSteps } from "./messages/tool-groups.ts";
import { ModalDialog } from "./modal-dialog.tsx";
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

type DetailsTranslate = SectionTranslate<"dialogWords">;

function Row({ label, value }: { label: string; value: string | number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** A stored ISO time in the reader's time zone and language, the ISO text kept for machines. */
function TimeRow({ label, iso, locale }: { label: string; iso: string; locale: string }) {
  const at = new Date(iso);
  const shown = Number.isNaN(at.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(at);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <time dateTime={iso}>{shown}</time>
      </dd>
    </>
  );
}

/** The messages a reader sees in the log: a run of tool steps is one line, instructions none. */
function visibleCount(messages: Parameters<typeof displayRows>[0]): number {
  return foldToolSteps(displayRows(messages)).filter((row) => row.kind === "message").length;
}

interface SessionDetailsProps {
  sessionId: string;
  open: boolean;
  onClose: () => void;
}

/** A side sheet (a modal dialog holding the contract's Session details region). */
export function SessionDetails({ sessionId, open, onClose }: SessionDetailsProps) {
  const t = useSectionT("dialogWords");
  const stateJson = useAppStore((s) => formatState(s.bodies[sessionId]?.state));
  // Held here, not in the dialog's body, so an unsaved edit outlives closing the dialog.
  const [draft, setDraft] = useState<StateDraft>(() => draftFrom(sessionId, stateJson));
  useEffect(() => setDraft((d) => followStored(d, sessionId, stateJson)), [sessionId, stateJson]);
  if (!t) return null;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t("sessionDetails")}
      closeLabel={t("close")}
      className="sheet session-details"
    >
      <SessionDetailsBody
        t={t}
        sessionId={sessionId}
        stateJson={stateJson}
        draft={draft}
        setDraft={setDraft}
      />
    </ModalDialog>
  );
}

/** Id, times, counts, metadata, totals, and the session's state as editable JSON. */
function SessionDetailsBody({
  t,
  sessionId,
  stateJson,
  draft,
  setDraft,
}: {
  t: DetailsTranslate;
  sessionId: string;
  stateJson: string;
  draft: StateDraft;
  setDraft: Dispatch<SetStateAction<StateDraft>>;
}) {
  const session = useAppStore((s) => s.bodies[sessionId]);
  const intlLocale = useLocale() === "zh" ? "zh-CN" : "en";
  const { edits } = useServices();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

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
          // The store's check before writing refuses it as the editor's own check would.
          error instanceof UnsavableChangeError
            ? t("stateUnstorable", {
                path: error.problem.path,
                detail: codecErrorText(error.problem, t),
              })
            : t("stateSaveFailed", {
                detail: error instanceof Error ? error.message : String(error),
              }),
        );
      },
    );
  };
  const outdated = changedMeanwhile(draft, stateJson);

  return (
    <section aria-label={t("sessionDetails")}>
      <dl>
        <Row label={t("detailsId")} value={session.id} />
        <TimeRow label={t("detailsCreated")} iso={session.createdAt} locale={intlLocale} />
        <TimeRow label={t("detailsUpdated")} iso={session.updatedAt} locale={intlLocale} />
        <Row label={t("detailsMessages")} value={visibleCount(session.messages)} />
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

function refusal(parsed: Exclude<StateParse, { ok: true }>, t: DetailsTranslate): string {
  if (parsed.reason === "syntax") return t("stateSyntax", { detail: parsed.detail });
  if (parsed.reason === "unstorable")
    return t("stateUnstorable", { path: parsed.path, detail: codecText(parsed.problem, t) });
  return t("stateNotObject");
}
