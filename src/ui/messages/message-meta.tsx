import type { AnswerNote, Message } from "../../core/message.ts";
import { useT } from "../i18n/use-t.ts";
import { noteText } from "../params/param-words.ts";
import { formatDuration } from "./format.ts";

const NOTE_WORDS = {
  no_finish_reason: "noteNoFinishReason",
  length_limit: "noteLengthLimit",
  context_full: "noteContextFull",
} as const satisfies Record<AnswerNote, string>;

/** Agent, model, tokens, time to first token, total time, notes and the proxy's parameter notes of an answer. */
export function MessageMeta({
  message,
}: {
  message: Pick<Message, "agent" | "model" | "usage" | "timing" | "notes" | "paramNotes">;
}) {
  const t = useT();
  const parts: Array<[string, string]> = [];
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
  for (const note of message.notes ?? []) parts.push([t("metaNote"), t(NOTE_WORDS[note])]);
  for (const note of message.paramNotes ?? []) parts.push([t("params.notes"), noteText(t, note)]);
  if (parts.length === 0) return null;
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
