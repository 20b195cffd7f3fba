/** The part of a syntax tree (hast) that lowlight produces: spans with classes, and text. */
export type HighlightNode =
  | { type: "text"; value: string }
  | {
      type: "element";
      tagName: string;
      properties?: { className?: unknown };
      children: HighlightNode[];
    };

/**
 * A highlighted block as it comes from the worker: the spans' class lists, and a flat run of
 * operations over the block's own characters. An Int32Array is copied in one piece, where a tree
 * of thousands of objects would cost the page a long structured clone.
 * An op `n >= 0` is the next `n` characters of text, `CLOSE` ends the innermost span, and
 * `-2 - k` opens a span with `classes[k]`.
 */
export interface HighlightSpans {
  classes: string[];
  ops: Int32Array<ArrayBuffer>;
}

export const CLOSE = -1;

const HLJS_CLASS = /^hljs-[\w-]+$/;

function classList(node: Extract<HighlightNode, { type: "element" }>): string {
  const value = node.properties?.className;
  if (!Array.isArray(value)) return "";
  return value.filter((c): c is string => typeof c === "string" && HLJS_CLASS.test(c)).join(" ");
}

/** Flattens lowlight's tree; only `hljs-*` classes and the text come through. */
export function encodeHighlight(nodes: readonly HighlightNode[]): HighlightSpans {
  const classes: string[] = [];
  const index = new Map<string, number>();
  const ops: number[] = [];
  const walk = (list: readonly HighlightNode[]) => {
    for (const node of list) {
      if (node.type === "text") {
        if (node.value.length > 0) ops.push(node.value.length);
        continue;
      }
      if (node.type !== "element") continue;
      const names = classList(node);
      let k = index.get(names);
      if (k === undefined) {
        k = classes.push(names) - 1;
        index.set(names, k);
      }
      ops.push(-2 - k);
      walk(node.children);
      ops.push(CLOSE);
    }
  };
  walk(nodes);
  return { classes, ops: Int32Array.from(ops) };
}
