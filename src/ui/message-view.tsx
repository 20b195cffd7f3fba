import { memo } from "react";
import type { Message } from "../core/message.ts";
import { useT } from "./i18n/use-t.ts";

export type DisplayStatus = "complete" | "streaming" | "interrupted" | "error";

interface MessageViewProps {
  message: Pick<
    Message,
    "role" | "content" | "toolCalls" | "agent" | "model" | "error" | "isError"
  >;
  status: DisplayStatus;
}

function MessageViewImpl({ message, status }: MessageViewProps) {
  const t = useT();
  const who =
    message.role === "user"
      ? t("you")
      : message.role === "assistant"
        ? (message.agent ?? t("assistant"))
        : message.role === "tool"
          ? t("tool")
          : t("system");
  return (
    <article className={`message ${message.role}`} data-role={message.role} data-status={status}>
      <header className="message-meta">
        <span className="who">{who}</span>
        {message.model ? <span className="muted">{message.model}</span> : null}
      </header>
      {message.content ? <div className="content">{message.content}</div> : null}
      {message.toolCalls?.map((call) => (
        <div key={call.id} className="tool-call">
          <span className="muted">{t("toolCall")}:</span> <code>{call.name}</code>{" "}
          <code>{call.arguments}</code>
        </div>
      ))}
      {status === "interrupted" ? <p className="notice">{t("interrupted")}</p> : null}
      {status === "error" ? (
        <p className="notice error">{message.error ?? t("errorAnswer")}</p>
      ) : null}
    </article>
  );
}

export const MessageView = memo(MessageViewImpl);
