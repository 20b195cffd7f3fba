import { type ReactNode, useMemo } from "react";
import { useLocale } from "../i18n/use-t.ts";
import { MarkdownLabelsContext, markdownLabels } from "../markdown/markdown-labels.ts";

/** Gives the Markdown view its words in the user's language. */
export function MarkdownLabelsProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const labels = useMemo(() => markdownLabels(locale), [locale]);
  return <MarkdownLabelsContext.Provider value={labels}>{children}</MarkdownLabelsContext.Provider>;
}
