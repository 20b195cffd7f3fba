import { lazy, memo, Suspense, useSyncExternalStore } from "react";
import { loadSection } from "../i18n/dictionaries.ts";

// The Markdown renderer (marked, the block renderers, their limits and words) is about 20 kB of gzip
// that the first screen (the list, the composer) does not need, so it loads beside the stored
// conversations instead of inside the JavaScript the page starts with (docs/performance.md,
// Initial JavaScript). The message log waits for it as it waits for the conversation itself, so
// nobody sees an answer's raw Markdown before it is rendered.
let loading: Promise<typeof import("./markdown.tsx")> | undefined;
let arrived = false;
/** The renderer once it has arrived, rendered directly (a `lazy` one would suspend once more). */
let loaded: typeof import("./markdown.tsx")["Markdown"] | undefined;
const listeners = new Set<() => void>();

function load() {
  // Its words (a dictionary section) come with it, so a code block never shows an empty button.
  loading ??= Promise.all([import("./markdown.tsx"), loadSection("markdownWords")])
    .then(([module]) => {
      loaded = module.Markdown;
      return module;
    })
    .finally(() => {
      // Also when it failed (offline, never cached): the log then shows each answer's text as it
      // was written (its RenderBoundary catches the failed load).
      arrived = true;
      for (const listener of listeners) listener();
    });
  return loading;
}

const Rendered = lazy(() => load().then((m) => ({ default: m.Markdown })));

/** Starts loading the renderer now (at start-up, while the conversations are read). */
export function preloadMarkdown(): void {
  void load().catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the renderer has arrived (or failed to); rendering on a server, it counts as there. */
export function useMarkdownReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => arrived,
    () => true,
  );
}

/**
 * `Markdown` from `markdown.tsx`, loaded on first use; until it has arrived the text shows as it
 * was written (the log waits for `useMarkdownReady`, so this is only seen where it does not).
 */
export const Markdown = memo(function LazyMarkdown(props: { text: string; settled?: boolean }) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className="md md-plain-text">{props.text}</div>}>
      <Rendered {...props} />
    </Suspense>
  );
});
