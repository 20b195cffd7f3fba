import { useCallback } from "react";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { VirtualList } from "../virtual/virtual-list.tsx";
import type { ListedConversation } from "./use-conversation-search.ts";

const ROW_PX = 44;

/** One conversation; it reads whether it is generating itself, so a streamed answer re-renders only its row. */
function ConversationLink({ item, active }: { item: ListedConversation; active: boolean }) {
  const t = useT();
  const { navigation, branches } = useServices();
  const { summary, snippet, messageId } = item;
  const generating = useAppStore((s) => Boolean(s.runs[summary.id] || s.remoteRuns[summary.id]));
  return (
    <a
      href={`/c/${summary.id}`}
      aria-current={active ? "page" : undefined}
      onClick={(e) => {
        e.preventDefault();
        navigation.navigateTo(summary.id);
        if (messageId !== undefined) void branches.showMessage(summary.id, messageId);
      }}
    >
      <span className="conversation-text">
        <span className="title">{summary.title || t("untitled")}</span>
        {snippet ? <span className="snippet">{snippet}</span> : null}
      </span>
      {summary.pinned ? <span className="pin-mark">{t("pinnedMark")}</span> : null}
      {generating ? <span className="badge">{t("generating")}</span> : null}
    </a>
  );
}

/** The conversations as a virtualised list: ten thousand scroll as smoothly as ten. */
export function ConversationList({ items }: { items: ListedConversation[] }) {
  const activeId = useAppStore((s) => s.activeId);
  const getKey = useCallback((i: number) => items[i]?.summary.id ?? String(i), [items]);
  const estimateSize = useCallback(
    (i: number) => (items[i]?.snippet ? ROW_PX + 20 : ROW_PX),
    [items],
  );
  return (
    <VirtualList
      count={items.length}
      getKey={getKey}
      estimateSize={estimateSize}
      list="ul"
      scroller={{ className: "conversation-scroller" }}
      renderRow={(i) => {
        const item = items[i];
        if (!item) return null;
        return <ConversationLink item={item} active={item.summary.id === activeId} />;
      }}
    />
  );
}
