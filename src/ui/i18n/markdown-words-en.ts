/** The Markdown renderer's words: code blocks, remote images, diagrams and the plain-text notices, which load with the renderer. */
export const markdownWordsEn = {
  mdCopy: "Copy code",
  mdCode: "Code",
  mdLoadImage: "Load image",
  mdImageBlocked: "Image from another site, not loaded:",
  mdPlainSize: "This message is long, so it is shown as plain text.",
  mdPlainNesting: "This message is nested too deeply, so it is shown as plain text.",
  mdPlainDelimiters: "This message has too much formatting, so it is shown as plain text.",
  mdPlainTable:
    "This message has a table too large to show as a table, so it is shown as plain text.",
  mdPlainParser: "This message could not be read as Markdown, so it is shown as plain text.",
  mdTruncated: "Truncated: showing the first {shown} of {total} characters.",
  mdDiagram: "Diagram",
  mdDiagramSource: "Diagram source",
  mdDiagramFailed: "This diagram could not be drawn, so its source is shown.",
} as const;
