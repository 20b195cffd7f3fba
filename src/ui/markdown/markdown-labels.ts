import { createContext, useContext } from "react";
import { type Locale, translate } from "../i18n/use-t.ts";

/** The words the Markdown view shows; the message view passes them in the user's language. */
export interface MarkdownLabels {
  copy: string;
  copied: string;
  copyFailed: string;
  code: string;
  loadImage: string;
  imageBlocked: string;
  plainSize: string;
  plainNesting: string;
  plainDelimiters: string;
  plainTable: string;
  plainParser: string;
  /** `{shown}` and `{total}` are replaced with character counts. */
  truncated: string;
  diagram: string;
  diagramSource: string;
  diagramFailed: string;
}

/** The Markdown view's words from the one dictionary, in `locale`. */
export function markdownLabels(locale: Locale): MarkdownLabels {
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
}

export const MarkdownLabelsContext = createContext<MarkdownLabels>(markdownLabels("en"));

export function useMarkdownLabels(): MarkdownLabels {
  return useContext(MarkdownLabelsContext);
}
