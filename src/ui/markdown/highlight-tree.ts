/** The part of a syntax tree (hast) that highlighting produces: spans with classes, and text. */
export type HighlightNode =
  | { type: "text"; value: string }
  | {
      type: "element";
      tagName: string;
      properties?: { className?: unknown };
      children: HighlightNode[];
    };

export type Highlight = (code: string, language: string) => HighlightNode[] | null;
