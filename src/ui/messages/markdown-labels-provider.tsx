import { type ReactNode, useMemo } from "react";
import { translate, useLocale } from "../i18n/use-t.ts";
import { type MarkdownLabels, MarkdownLabelsContext } from "../markdown/markdown-labels.ts";

/** Gives the Markdown view its words in the user's language. */
export function MarkdownLabelsProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const labels = useMemo<MarkdownLabels>(() => {
    const t = (key: Parameters<typeof translate>[1]) => translate(locale, key);
    return {
      copy: t("mdCopy"),
      copied: t("copied"),
      copyFailed: t("copyFailed"),
      code: t("mdCode"),
      loadImage: t("mdLoadImage"),
      imageBlocked: t("mdImageBlocked"),
      plainSize: t("mdPlainSize"),
      plainNesting: t("mdPlainNesting"),
      plainDelimiters: t("mdPlainDelimiters"),
      plainTable: t("mdPlainTable"),
      plainParser: t("mdPlainParser"),
      truncated: t("mdTruncated"),
      diagram: t("mdDiagram"),
      diagramSource: t("mdDiagramSource"),
      diagramFailed: t("mdDiagramFailed"),
    };
  }, [locale]);
  return <MarkdownLabelsContext.Provider value={labels}>{children}</MarkdownLabelsContext.Provider>;
}
