import { createContext, useContext } from "react";
import type { SectionTranslate } from "../i18n/use-section-t.ts";
import { translate } from "../i18n/use-t.ts";

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

/** The Markdown view's words from the one dictionary, once its section has loaded. */
export function markdownLabels(t: SectionTranslate<"markdownWords">): MarkdownLabels {
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

/** Null before the section has arrived: the view then reads the English words itself. */
export const MarkdownLabelsContext = createContext<MarkdownLabels | null>(null);

/** The words the view was given, or English (a view rendered outside the app, as in tests). */
export function useMarkdownLabels(): MarkdownLabels {
  return useContext(MarkdownLabelsContext) ?? markdownLabels((key) => translate("en", key));
}
