import { useCallback, useMemo } from "react";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { VirtualList } from "../virtual/virtual-list.tsx";
import { type DateGroup, type SidebarRow, withDateGroups } from "./date-groups.ts";
import type { ListedConversation } from "./use-conversation-search.ts";

const ROW_PX = 36;
const HEADING_PX = 30;
const GROUP_WORDS = {
  pinned: "groupPinned",
  today: "groupToday",
  yesterday: "groupYesterday",
  week: "groupWeek",
  older: "groupOlder",
} as const satisfies Record<DateGroup, string>;

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
        if (messageId !== undefined) {
          navigation.reveal(summary.id, messageId);
          void branches.showMessage(summary.id, messageId);
        }
      }}
    >
      <span className="conversation-text">
        <span className="title">{summary.title || t("untitled")}</span>
        {snippet ? <span className="snippet">{snippet}</span> : null}
      </span>
      {generating ? <span className="badge">{t("generating")}</span> : null}
    </a>
  );
}

/**
 * The conversations as a virtualised list: ten thousand scroll as smoothly as ten. Unless they
 * are search results, they are grouped by date under headings (pinned ones first).
 */
export function ConversationList({
  items,
  grouped,
}: {
  items: ListedConversation[];
  grouped: boolean;
}) {
  const t = useT();
  const activeId = useAppStore((s) => s.activeId);
  const rows = useMemo<SidebarRow[]>(
    () => (grouped ? withDateGroups(items, new Date()) : items.map((item) => ({ item }))),
    [items, grouped],
  );
  const getKey = useCallback((i: number) => rows[i]?.item.summary.id ?? String(i), [rows]);
  const estimateSize = useCallback(
    (i: number) => {
      const row = rows[i];
      const heading = row?.heading ? HEADING_PX : 0;
      return heading + (row?.item.snippet ? ROW_PX + 20 : ROW_PX);
    },
    [rows],
  );
  return (
    <VirtualList
      count={rows.length}
      getKey={getKey}
      estimateSize={estimateSize}
      list="ul"
      scroller={{ className: "conversation-scroller" }}
      renderRow={(i) => {
        const row = rows[i];
        if (!row) return null;
        const link = <ConversationLink item={row.item} active={row.item.summary.id === activeId} />;
        if (!row.heading) return link;
        return (
          <>
            <h2 className="list-group-heading">{t(GROUP_WORDS[row.heading])}</h2>
            {link}
          </>
        );
      }}
    />
  );
}
