import type { Highlight, HighlightNode } from "./highlight-tree.ts";

let loaded: Highlight | null = null;
let loading: Promise<Highlight> | null = null;
const cache = new Map<string, HighlightNode[] | null>();
const CACHE_SIZE = 300;

/** Loads highlight.js and its grammars on first use only: they stay out of the initial bundle. */
export function loadHighlighter(): Promise<Highlight> {
  loading ??= import("./lowlight-setup.ts").then((module) => {
    loaded = module.highlight;
    return module.highlight;
  });
  return loading;
}

/**
 * The highlighted tree when the highlighter is loaded and knows the language; cached by content.
 * With `compute` false, only a tree already in the cache (undefined otherwise).
 */
export function highlightNow(
  code: string,
  language: string,
  compute = true,
): HighlightNode[] | null | undefined {
  if (!loaded) return undefined;
  const key = `${language}\u0000${code}`;
  if (cache.has(key)) return cache.get(key);
  if (!compute) return undefined;
  let tree: HighlightNode[] | null;
  try {
    tree = loaded(code, language);
  } catch {
    tree = null;
  }
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, tree);
  return tree;
}
