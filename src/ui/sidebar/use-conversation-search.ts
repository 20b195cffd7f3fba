import { useEffect, useMemo, useState } from "react";
import type { AppState } from "../../store/app-state.ts";
import { useAppStore } from "../../store/react.tsx";
import { compareSummaries } from "../../store/selectors.ts";
import { useServices } from "../use-services.tsx";

type SessionSummary = AppState["summaries"][string];

export interface ListedConversation {
  summary: SessionSummary;
  /** Where the query was found in the messages, when not in the title. */
  snippet?: string;
  /** The message that holds it (on any branch), to show when the conversation is opened. */
  messageId?: string;
}

const TEXT_SEARCH_DELAY_MS = 200;

type Found = { snippet: string; messageId: string; shown: boolean };

/** The sidebar's conversations: all of them, or those whose title or messages contain `query`. */
export function useConversationSearch(query: string): {
  items: ListedConversation[];
  searching: boolean;
} {
  const summaries = useAppStore((s) => s.summaries);
  const { search } = useServices();
  const needle = query.trim().toLowerCase();
  const [textMatches, setTextMatches] = useState<Map<string, Found>>(new Map());
  const [searching, setSearching] = useState(false);

  const sorted = useMemo(() => Object.values(summaries).sort(compareSummaries), [summaries]);

  useEffect(() => {
    setTextMatches(new Map());
    if (needle === "") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      const found = new Map<string, Found>();
      void search
        .messages(
          needle,
          ({ id, snippet, messageId, shown }) => {
            found.set(id, { snippet, messageId, shown });
            setTextMatches(new Map(found));
          },
          controller.signal,
        )
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false);
        });
    }, TEXT_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
      setSearching(false);
    };
  }, [needle, search]);

  const items = useMemo(() => {
    if (needle === "") return sorted.map((summary) => ({ summary }));
    const out: ListedConversation[] = [];
    for (const summary of sorted) {
      const match = textMatches.get(summary.id);
      const inTitle = summary.title.toLowerCase().includes(needle);
      // A title that matches opens the conversation as it is, unless the text it came from is
      // on a branch no longer shown (the first question, edited): then that branch is shown.
      if (match !== undefined && (!inTitle || !match.shown))
        out.push({ summary, snippet: match.snippet, messageId: match.messageId });
      else if (inTitle) out.push({ summary });
    }
    return out;
  }, [sorted, needle, textMatches]);

  return { items, searching };
}
