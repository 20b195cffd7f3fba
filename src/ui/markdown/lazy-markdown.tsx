import { lazy, memo, Suspense } from "react";

// The Markdown renderer (marked, the block renderers and their limits) is about 20 kB of gzip
// that no page needs before its first answer shows, so it loads beside the stored conversations
// instead of inside the JavaScript the page starts with (docs/performance.md, Initial JavaScript).
const load = () => import("./markdown.tsx");
const Rendered = lazy(() => load().then((m) => ({ default: m.Markdown })));

/** Starts loading the renderer now (at start-up, while the conversations are read). */
export function preloadMarkdown(): void {
  void load();
}

/**
 * `Markdown` from `markdown.tsx`, loaded on first use; until it has arrived (a few milliseconds,
 * normally already there) the text shows as it was written.
 */
export const Markdown = memo(function LazyMarkdown(props: { text: string; settled?: boolean }) {
  return (
    <Suspense fallback={<div className="md md-plain-text">{props.text}</div>}>
      <Rendered {...props} />
    </Suspense>
  );
});
