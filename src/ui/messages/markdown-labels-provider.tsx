import { type ReactNode, useMemo } from "react";
import { useSectionT } from "../i18n/use-section-t.ts";
import { MarkdownLabelsContext, markdownLabels } from "../markdown/markdown-labels.ts";

/** Gives the Markdown view its words in the user's language (a section that loads with it). */
export function MarkdownLabelsProvider({ children }: { children: ReactNode }) {
  const t = useSectionT("markdownWords");
  const labels = useMemo(() => (t ? markdownLabels(t) : null), [t]);
  return <MarkdownLabelsContext.Provider value={labels}>{children}</MarkdownLabelsContext.Provider>;
}
