import { memo, useContext, useEffect, useState } from "react";
import { CodeBlock } from "./code-block.tsx";
import { lazyModule } from "./lazy-module.ts";
import { useMarkdownLabels } from "./markdown-labels.ts";
import { MarkdownStreamingContext } from "./markdown-streaming.ts";

const renderer = lazyModule(() => import("./mermaid-renderer.ts"));

/** Drawn diagrams by theme and source, so a row scrolled back into view is not drawn again. */
const CACHE_SIZE = 50;
const drawings = new Map<string, string>();

function remember(key: string, svg: string) {
  drawings.set(key, svg);
  if (drawings.size > CACHE_SIZE) {
    const oldest = drawings.keys().next().value;
    if (oldest !== undefined) drawings.delete(oldest);
  }
}

const prefersDark = () =>
  document.documentElement.dataset.theme === "dark" ||
  (document.documentElement.dataset.theme !== "light" &&
    window.matchMedia("(prefers-color-scheme: dark)").matches);

type Drawing = { source: string; url: string } | { source: string; failed: true };

/**
 * A mermaid block, once its answer is finished: drawn by mermaid (loaded with the first
 * diagram) to an SVG shown as an image from a blob address, with its source a click away. While
 * the answer streams, and when the source cannot be drawn, it is the code block it is.
 */
function MermaidDiagramImpl({ code }: { code: string }) {
  const streaming = useContext(MarkdownStreamingContext);
  const labels = useMarkdownLabels();
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  useEffect(() => {
    if (streaming) return;
    let live = true;
    let url: string | null = null;
    const dark = prefersDark();
    const key = `${dark ? "dark" : "light"}\n${code}`;
    const cached = drawings.get(key);
    const svg = cached
      ? Promise.resolve(cached)
      : renderer.start().then((module) => module.mermaidSvg(code, dark));
    svg.then(
      (markup) => {
        remember(key, markup);
        if (!live) return;
        url = URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" }));
        setDrawing({ source: code, url });
      },
      () => live && setDrawing({ source: code, failed: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [code, streaming]);

  const current = drawing?.source === code ? drawing : null;
  if (!current || "failed" in current) {
    return (
      <>
        {current ? <p className="md-notice">{labels.diagramFailed}</p> : null}
        <CodeBlock code={code} language="mermaid" />
      </>
    );
  }
  return (
    <figure className="md-diagram">
      <img src={current.url} alt={labels.diagram} />
      <details>
        <summary>{labels.diagramSource}</summary>
        <CodeBlock code={code} language="mermaid" />
      </details>
    </figure>
  );
}

/** Loaded with the first mermaid block (`render-blocks.tsx`), so it is not in the initial script. */
export default memo(MermaidDiagramImpl);
