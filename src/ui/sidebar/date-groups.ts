import type { ListedConversation } from "./use-conversation-search.ts";

export type DateGroup = "pinned" | "today" | "yesterday" | "week" | "older";

/** A conversation of the list; the first of each group carries the group's heading. */
export interface SidebarRow {
  item: ListedConversation;
  heading?: DateGroup;
}

const DAY_MS = 86_400_000;

/** Local midnight of the day `at` falls on. */
function startOfDay(at: Date): number {
  return new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
}

/** Which group a conversation last changed at `updatedAt` goes in, by the reader's own calendar days. */
export function dateGroupOf(updatedAt: string, now: Date): Exclude<DateGroup, "pinned"> {
  const at = Date.parse(updatedAt);
  const today = startOfDay(now);
  if (Number.isNaN(at) || at >= today) return "today";
  if (at >= today - DAY_MS) return "yesterday";
  if (at >= today - 7 * DAY_MS) return "week";
  return "older";
}

/**
 * The list with a heading on the first of each group: pinned ones first, then Today, Yesterday,
 * Previous 7 days and Older. `items` come sorted (pinned first, then newest first). A heading
 * rides on its first item, so the list still holds one item per conversation.
 */
export function withDateGroups(items: readonly ListedConversation[], now: Date): SidebarRow[] {
  const rows: SidebarRow[] = [];
  let current: DateGroup | null = null;
  for (const item of items) {
    const group = item.summary.pinned ? "pinned" : dateGroupOf(item.summary.updatedAt, now);
    rows.push(group === current ? { item } : { item, heading: group });
    current = group;
  }
  return rows;
}
