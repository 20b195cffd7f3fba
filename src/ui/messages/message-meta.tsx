import { Info } from "lucide-react";
import type { AnswerNote, Message } from "../../core/message.ts";
import { useT } from "../i18n/use-t.ts";
import { noteText } from "../params/param-words.ts";
import { formatDuration } from "./format.ts";

const NOTE_WORDS = {
  no_finish_reason: "noteNoFinishReason",
  length_limit: "noteLengthLimit",
  context_full: "noteContextFull",
  summary_failed: "noteSummaryFailed",
} as const satisfies Record<AnswerNote, string>;

type Part = [label: string, value: string];

function PartList({ parts }: { parts: Part[] }) {
  return (
    <dl className="message-meta-list">
      {parts.map(([label, value]) => (
        <div key={`${label}: ${value}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An answer's notes and the proxy's parameter notes, in the open; its agent, model, tokens and
 * times behind an Answer details disclosure, so they take no room (a row of figures wraps to
 * three lines on a phone) until asked for.
 */
export function MessageMeta({
  message,
}: {
  message: Pick<Message, "agent" | "model" | "usage" | "timing" | "notes" | "paramNotes">;
}) {
  const t = useT();
  const parts: Part[] = [];
  if (message.agent) parts.push([t("metaAgent"), message.agent]);
  if (message.model) parts.push([t("metaModel"), message.model]);
  if (message.usage) {
    const u = message.usage;
    parts.push([
      t("metaTokens"),
      t("metaTokensValue", {
        prompt: u.promptTokens,
        completion: u.completionTokens,
        total: u.totalTokens,
      }),
    ]);
  }
  if (message.timing?.firstTokenMs !== undefined)
    parts.push([t("metaFirstToken"), formatDuration(message.timing.firstTokenMs)]);
  if (message.timing) parts.push([t("metaTotalTime"), formatDuration(message.timing.totalMs)]);
  const notes: Part[] = [
    ...(message.notes ?? []).map((note): Part => [t("metaNote"), t(NOTE_WORDS[note])]),
    ...(message.paramNotes ?? []).map((note): Part => [t("params.notes"), noteText(t, note)]),
  ];
  if (parts.length === 0 && notes.length === 0) return null;
  return (
    <>
      {parts.length > 0 ? (
        <details className="message-meta-more">
          <summary
            className="icon-button meta-summary"
            aria-label={t("answerDetails")}
            title={t("answerDetails")}
          >
            <Info aria-hidden="true" size={16} strokeWidth={1.75} />
          </summary>
          <PartList parts={parts} />
        </details>
      ) : null}
      {notes.length > 0 ? <PartList parts={notes} /> : null}
    </>
  );
}
