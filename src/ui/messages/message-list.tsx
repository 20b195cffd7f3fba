import { useCallback, useEffect, useMemo, useRef } from "react";
import { canContinue, type Message } from "../../core/message.ts";
import { path } from "../../core/tree.ts";
import { useAppStore } from "../../store/react.tsx";
import { EmptyState } from "../empty/empty-state.tsx";
import { useT } from "../i18n/use-t.ts";
import { useMarkdownReady } from "../markdown/lazy-markdown.tsx";
import { useServices } from "../use-services.tsx";
import { VirtualList, type VirtualListHandle } from "../virtual/virtual-list.tsx";
import { canAnswerAgain } from "./answer-again.ts";
import { ContextCut } from "./context-cut.tsx";
import { displayRows } from "./display-rows.ts";
import { type MessageActions, MessageItem } from "./message-item.tsx";
import { estimateLogRowPx } from "./row-estimate.ts";
import { RunActivityNote } from "./run-activity.tsx";
import { StreamingItem } from "./streaming-item.tsx";
import { ToolGroupView } from "./tool-group-view.tsx";
import { foldToolSteps } from "./tool-groups.ts";
import { useReveal } from "./use-reveal.ts";

const EMPTY: Message[] = [];
/** Rows rendered beyond each edge of the view: enough for a wheel step, few enough to stay cheap. */
const OVERSCAN = 3;
/** The first screen of a conversation renders the rows in view alone (VirtualList's `firstOverscan`). */
const FIRST_OVERSCAN = 0;

/**
 * The conversation's visible path (the versions shown) as a virtualised log: thousands of messages stay smooth; it follows new text
 * at the end, and goes to the end when this tab sends (a reader scrolled up is not pulled down
 * by an answer they did not just ask for). Regenerate and Edit and send again are offered only when sending is possible
 * (`blockedReason`, the composer's) and no answer runs in this tab or another.
 */
export function MessageList({
  sessionId,
  blockedReason,
}: {
  sessionId: string;
  blockedReason: string | null;
}) {
  const t = useT();
  const all = useAppStore(
    (s) => s.bodies[sessionId]?.messages ?? s.previews[sessionId]?.messages ?? EMPTY,
  );
  const leafId = useAppStore((s) => (s.bodies[sessionId] ?? s.previews[sessionId])?.leafId);
  const messages = useMemo(() => path({ messages: all, leafId }), [all, leafId]);
  // Only whether an answer streams and which: its text is read by its own row, so the list (and
  // its virtualiser) does not render again for every frame of text.
  const streamingId = useAppStore((s) => s.runs[sessionId]?.streaming?.messageId ?? null);
  const runAgent = useAppStore((s) => s.runs[sessionId]?.agent ?? "");
  const running = useAppStore((s) => Boolean(s.runs[sessionId]));
  const activity = useAppStore((s) => s.runs[sessionId]?.activity ?? null);
  const runningElsewhere = useAppStore((s) => Boolean(s.remoteRuns[sessionId]));
  const cut = useAppStore((s) => s.contextViews[sessionId]);
  const { runs, unsent } = useServices();
  const rows = useMemo(() => foldToolSteps(displayRows(messages)), [messages]);
  const estimates = useMemo(() => rows.map(estimateLogRowPx), [rows]);

  const allowed = canAnswerAgain({ blockedReason, runningHere: running, runningElsewhere });
  const last = messages.at(-1);
  const continuable = last !== undefined && canContinue(last);
  const actions = useMemo<MessageActions>(
    () =>
      allowed
        ? {
            regenerate: () => void runs.retry(sessionId),
            continueAnswer: continuable ? () => void runs.continueAnswer(sessionId) : null,
            editAndResend: (id, text) =>
              void runs.editAndResend(sessionId, id, text).then((result) => {
                if (!result.ok) unsent.putBack(sessionId, { text, failure: result.error });
              }),
          }
        : { regenerate: null, editAndResend: null, continueAnswer: null },
    [allowed, continuable, runs, unsent, sessionId],
  );

  const markdownReady = useMarkdownReady();
  const list = useRef<VirtualListHandle>(null);
  const marked = useReveal(sessionId, rows, list);
  const lastRow = rows.at(-1);
  const sentKey =
    lastRow?.kind === "message" && lastRow.message.role === "user" && running ? lastRow.key : null;
  useEffect(() => {
    if (sentKey) list.current?.scrollToEnd();
  }, [sentKey]);

  // The answer being written (a continued one is the last row, held back from the rows while it
  // streams), or before it what the run is doing, follows the rows outside the virtualiser
  // (VirtualList's `tail`): its growth then costs no measuring and no render of the list.
  const continued = useMemo(
    () => rows.findIndex((r) => r.kind === "message" && r.message.id === streamingId),
    [rows, streamingId],
  );
  const noted = streamingId === null ? activity : null;
  const count = continued >= 0 ? continued : rows.length;
  const getKey = useCallback((i: number) => rows[i]?.key ?? String(i), [rows]);
  const estimateSize = useCallback((i: number) => estimates[i] ?? 0, [estimates]);
  const tail =
    streamingId !== null
      ? {
          key: streamingId,
          node: (
            <div className="message-row assistant">
              <StreamingItem sessionId={sessionId} agent={runAgent} />
            </div>
          ),
        }
      : noted
        ? {
            key: "activity",
            node: (
              <div className="message-row assistant">
                <RunActivityNote activity={noted} />
              </div>
            ),
          }
        : null;
  const renderRow = (i: number) => {
    const row = rows[i];
    if (!row) return null;
    if (row.kind === "tools") {
      return (
        <div className="message-row tools">
          <ToolGroupView group={row} />
        </div>
      );
    }
    return (
      <div
        className={`message-row ${row.message.role}`}
        data-found={row.message.id === marked ? "true" : undefined}
      >
        {cut?.firstSentId === row.key ? <ContextCut omitted={cut.omitted} /> : null}
        <MessageItem row={row} actions={actions} />
      </div>
    );
  };

  if (!markdownReady) {
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
      <div role="log" aria-label={t("messages")} aria-busy="true" className="chat-log" tabIndex={0}>
        <p className="muted empty">{t("loading")}</p>
      </div>
    );
  }
  if (count === 0 && !tail) {
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, so keyboard users must reach it
      <div role="log" aria-label={t("messages")} className="chat-log" tabIndex={0}>
        {running ? (
          <p className="muted empty">{t("loading")}</p>
        ) : (
          <EmptyState sessionId={sessionId} blockedReason={blockedReason} />
        )}
      </div>
    );
  }
  return (
    <VirtualList
      count={count}
      getKey={getKey}
      estimateSize={estimateSize}
      renderRow={renderRow}
      stickToEnd
      tail={tail}
      handle={list}
      overscan={OVERSCAN}
      firstOverscan={FIRST_OVERSCAN}
      scroller={{
        role: "log",
        "aria-label": t("messages"),
        className: "chat-log virtual",
        tabIndex: 0,
      }}
    />
  );
}
