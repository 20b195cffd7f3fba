import { Pencil, RefreshCw, RotateCcw } from "lucide-react";
import { memo, useState } from "react";
import { canContinue, type Message } from "../../core/message.ts";
import { useAppStore } from "../../store/react.tsx";
import { agentDisplayName } from "../agents/agent-words.ts";
import { MessageAttachments } from "../attachments/attachment-thumb.tsx";
import { IconButton } from "../controls/icon-button.tsx";
import { CopyButton } from "../copy-button.tsx";
import { useT } from "../i18n/use-t.ts";
import { Markdown } from "../markdown/lazy-markdown.tsx";
import { RenderBoundary } from "../markdown/render-boundary.tsx";
import type { DisplayRow } from "./display-rows.ts";
import { EditMessageForm } from "./edit-message-form.tsx";
import { ErrorNotice } from "./error-notice.tsx";
import { ForkButton } from "./fork-button.tsx";
import { MessageActionBar } from "./message-actions.tsx";
import { MessageMeta } from "./message-meta.tsx";
import { ReasoningView } from "./reasoning-view.tsx";
import { SummaryItem } from "./summary-item.tsx";
import { ToolStepCard } from "./tool-step-card.tsx";
import { VersionSwitcher } from "./version-switcher.tsx";

export interface MessageActions {
  /** Null while the conversation is generating. */
  regenerate: (() => void) | null;
  editAndResend: ((messageId: string, text: string) => void) | null;
  /** Asks the model to go on with the last answer when it was cut off; null while generating. */
  continueAnswer: (() => void) | null;
}

interface MessageItemProps {
  row: DisplayRow;
  actions: MessageActions;
}

function Body({ message }: { message: Message }) {
  const t = useT();
  if (message.role !== "assistant") return <div className="content">{message.content}</div>;
  const plain = (
    <div>
      <p className="notice">{t("renderFailed")}</p>
      <div className="content">{message.content}</div>
    </div>
  );
  return (
    <div className="content md-content">
      <RenderBoundary fallback={plain} resetKey={message.content}>
        <Markdown text={message.content} settled />
      </RenderBoundary>
    </div>
  );
}

/** Shown when a message cannot be rendered at all: its text as a string, nothing else to fail. */
function PlainMessage({ message }: { message: Message }) {
  const t = useT();
  return (
    <>
      <p className="notice">{t("renderFailed")}</p>
      <div className="content">{String(message.content)}</div>
    </>
  );
}

function MessageContent({ row, actions }: MessageItemProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const { message, status } = row;
  // The failure alert offers Retry for the same answer; one Retry on screen is enough.
  const alertRetries = useAppStore(
    (s) => row.lastAnswer && s.activeId !== null && s.failures[s.activeId]?.retryable === true,
  );
  const who =
    message.role === "user"
      ? t("you")
      : message.role === "assistant"
        ? message.agent
          ? agentDisplayName(message.agent, t)
          : t("assistant")
        : t("toolMessage");
  const edit = actions.editAndResend;
  const failed = status === "interrupted" || status === "error";

  return (
    <>
      <header className="message-meta">
        <span className="who">{who}</span>
      </header>
      {message.role === "assistant" && message.reasoning ? (
        <ReasoningView text={message.reasoning.text} durationMs={message.reasoning.durationMs} />
      ) : null}
      {message.role === "tool" && row.call ? (
        <ToolStepCard call={row.call} result={message} />
      ) : editing && edit ? (
        <EditMessageForm
          initial={message.content}
          onCancel={() => setEditing(false)}
          onSubmit={(text) => {
            setEditing(false);
            edit(message.id, text);
          }}
        />
      ) : message.content !== "" ? (
        <Body message={message} />
      ) : null}
      {message.attachments?.length && !editing ? (
        <MessageAttachments attachments={message.attachments} />
      ) : null}
      {row.pendingCalls.map((call) => (
        <ToolStepCard key={call.id} call={call} result={undefined} />
      ))}
      {status === "interrupted" ? <p className="notice">{t("interrupted")}</p> : null}
      {row.lastAnswer && actions.continueAnswer && canContinue(message) ? (
        <button type="button" className="continue-answer" onClick={actions.continueAnswer}>
          {t("continueAnswer")}
        </button>
      ) : null}
      {status === "error" ? <ErrorNotice message={message} /> : null}
      {message.role !== "tool" && !editing ? (
        <MessageActionBar versions={<VersionSwitcher messageId={message.id} />}>
          {message.content !== "" ? (
            <CopyButton
              text={message.content}
              words={{ copy: t("copy"), copied: t("copied"), copyFailed: t("copyFailed") }}
              icon
            />
          ) : null}
          {message.role === "assistant" &&
          row.lastAnswer &&
          actions.regenerate &&
          !(failed && alertRetries) ? (
            <IconButton
              label={t(failed ? "retry" : "regenerate")}
              icon={failed ? RotateCcw : RefreshCw}
              onClick={actions.regenerate}
            />
          ) : null}
          {message.role === "user" && edit ? (
            <IconButton label={t("editAndResend")} icon={Pencil} onClick={() => setEditing(true)} />
          ) : null}
          <ForkButton messageId={message.id} />
          {message.role === "assistant" ? <MessageMeta message={message} /> : null}
        </MessageActionBar>
      ) : null}
    </>
  );
}

function MessageItemImpl({ row, actions }: MessageItemProps) {
  const { message, status } = row;
  if (message.summary) return <SummaryItem message={message} />;
  return (
    <article
      className={`message ${message.role}${row.lastAnswer ? " latest" : ""}`}
      data-role={message.role}
      data-status={status}
    >
      <RenderBoundary
        fallback={<PlainMessage message={message} />}
        resetKey={`${message.id}:${String(message.content).length}:${status}`}
      >
        <MessageContent row={row} actions={actions} />
      </RenderBoundary>
    </article>
  );
}

/** Edit is offered on the user's messages, Regenerate and Continue on the last answer only. */
function usesActions(row: DisplayRow): boolean {
  return row.message.role === "user" || row.lastAnswer;
}

function sameRow(a: MessageItemProps, b: MessageItemProps): boolean {
  return (
    a.row.message === b.row.message &&
    a.row.status === b.row.status &&
    a.row.call === b.row.call &&
    a.row.lastAnswer === b.row.lastAnswer &&
    a.row.pendingCalls.length === b.row.pendingCalls.length &&
    (a.actions === b.actions || !usesActions(b.row))
  );
}

/** A finished message renders once: it re-renders only when it or its place changes. */
export const MessageItem = memo(MessageItemImpl, sameRow);
