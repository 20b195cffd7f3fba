import { useEffect, useRef } from "react";
import type { Message } from "../core/message.ts";
import { useAppStore } from "../store/react.tsx";
import { useT } from "./i18n/use-t.ts";
import { type DisplayStatus, MessageView } from "./message-view.tsx";

const EMPTY: Message[] = [];

function statusOf(message: Message): DisplayStatus {
  return message.status === "interrupted" || message.status === "error"
    ? message.status
    : "complete";
}

export function ChatLog({ sessionId }: { sessionId: string }) {
  const t = useT();
  const messages = useAppStore((s) => s.bodies[sessionId]?.messages ?? EMPTY);
  const streaming = useAppStore((s) => s.runs[sessionId]?.streaming ?? null);
  const run = useAppStore((s) => s.runs[sessionId]);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, streaming?.text]);

  const visible = messages.filter((m) => m.role !== "system");
  return (
    <div role="log" aria-label={t("messages")} className="chat-log">
      {visible.length === 0 && !run ? <p className="muted empty">{t("emptyChat")}</p> : null}
      {visible.map((m) => (
        <MessageView key={m.id} message={m} status={statusOf(m)} />
      ))}
      {streaming ? (
        <MessageView
          message={{
            role: "assistant",
            content: streaming.text,
            ...(run ? { agent: run.agent, model: run.model } : {}),
          }}
          status="streaming"
        />
      ) : null}
      <div ref={end} />
    </div>
  );
}
