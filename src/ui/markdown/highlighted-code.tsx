import type { ReactNode } from "react";
import type { HighlightNode } from "./highlight-tree.ts";

function classNameOf(node: Extract<HighlightNode, { type: "element" }>): string | undefined {
  const value = node.properties?.className;
  if (!Array.isArray(value)) return undefined;
  const names = value.filter((c): c is string => typeof c === "string" && /^hljs-[\w-]+$/.test(c));
  return names.length > 0 ? names.join(" ") : undefined;
}

/** Only spans with `hljs-*` classes and text come through; anything else is dropped. */
export function renderHighlight(nodes: HighlightNode[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === "text") return node.value;
    if (node.type !== "element") return null;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: the tree is rebuilt whole, never reordered
      <span key={i} className={classNameOf(node)}>
        {renderHighlight(node.children)}
      </span>
    );
  });
}
