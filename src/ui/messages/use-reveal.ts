import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";
import { useServices } from "../use-services.tsx";
import type { VirtualListHandle } from "../virtual/virtual-list.tsx";
import type { LogRow } from "./tool-groups.ts";

/** How long a revealed message stays marked, in milliseconds. */
const MARKED_MS = 2_000;

/**
 * Brings the message a search hit named into view once the log shows it (after the list has
 * settled at the end, where a conversation opens), and marks it for a moment. Returns the id of
 * the marked message.
 */
export function useReveal(
  sessionId: string,
  rows: readonly LogRow[],
  list: RefObject<VirtualListHandle | null>,
): string | null {
  const { navigation } = useServices();
  const wanted = useSyncExternalStore(
    (listener) => navigation.subscribeReveal(listener),
    () => navigation.pendingReveal(sessionId),
    () => null,
  );
  const [marked, setMarked] = useState<string | null>(null);
  useEffect(() => {
    if (wanted === null) return;
    const index = rows.findIndex((row) => row.kind === "message" && row.message.id === wanted);
    if (index < 0) return;
    const frame = requestAnimationFrame(() => {
      list.current?.scrollToIndex(index);
      navigation.revealed(sessionId, wanted);
      setMarked(wanted);
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, rows, list, navigation, sessionId]);
  useEffect(() => {
    if (marked === null) return;
    const timer = setTimeout(() => setMarked(null), MARKED_MS);
    return () => clearTimeout(timer);
  }, [marked]);
  return marked;
}
