import { createContext, useContext } from "react";

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

export const englishMarkdownLabels: MarkdownLabels = {
  copy: "Copy code",
  copied: "Copied",
  copyFailed: "Copy failed: select the text and copy it by hand.",
  code: "Code",
  loadImage: "Load image",
  imageBlocked: "Image from another site, not loaded:",
  plainSize: "This message is long, so it is shown as plain text.",
  plainNesting: "This message is nested too deeply, so it is shown as plain text.",
  plainDelimiters: "This message has too much formatting, so it is shown as plain text.",
  plainTable:
    "This message has a table too large to show as a table, so it is shown as plain text.",
  plainParser: "This message could not be read as Markdown, so it is shown as plain text.",
  truncated: "Truncated: showing the first {shown} of {total} characters.",
  diagram: "Diagram",
  diagramSource: "Diagram source",
  diagramFailed: "This diagram could not be drawn, so its source is shown.",
};

export const MarkdownLabelsContext = createContext<MarkdownLabels>(englishMarkdownLabels);

export function useMarkdownLabels(): MarkdownLabels {
  return useContext(MarkdownLabelsContext);
}
