import DOMPurify from "dompurify";
import mermaid from "mermaid";

/** Diagram sources over this size are not drawn (mermaid's own cap is 50,000). */
const MAX_SOURCE_CHARS = 20_000;

let drawn = 0;
let queue: Promise<unknown> = Promise.resolve();

/**
 * `svg` with the width and height of its view box: mermaid sizes a diagram to its container
 * (`width="100%"`), which an `<img>` takes as the whole column, so two boxes were drawn with
 * letters 40 px high. Its own size keeps it as drawn, and CSS still narrows a wide one.
 */
function naturalSize(svg: string): string {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  const [, , width, height] = (root.getAttribute("viewBox") ?? "").split(/[\s,]+/).map(Number);
  if (!width || !height || !(width > 0 && height > 0)) return svg;
  root.setAttribute("width", String(Math.ceil(width)));
  root.setAttribute("height", String(Math.ceil(height)));
  return new XMLSerializer().serializeToString(root);
}

/**
 * A diagram as a standalone SVG document, for an `<img>` (where no script runs and nothing is
 * fetched). mermaid's strict security level escapes HTML in labels and drops click handlers;
 * labels are SVG text (no `foreignObject` HTML); the SVG is sanitised again all the same.
 * Drawings run one at a time: mermaid keeps one configuration and measures on the page.
 */
export function mermaidSvg(source: string, dark: boolean): Promise<string> {
  const draw = async () => {
    if (source.length > MAX_SOURCE_CHARS) throw new Error("diagram too large");
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: dark ? "dark" : "default",
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      maxTextSize: MAX_SOURCE_CHARS,
      maxEdges: 500,
      // A source it cannot read throws, without an error drawing left on the page.
      suppressErrorRendering: true,
    });
    drawn += 1;
    const id = `parley-diagram-${drawn}`;
    const { svg } = await mermaid.render(id, source).finally(() => {
      for (const leftover of [id, `d${id}`]) document.getElementById(leftover)?.remove();
    });
    return naturalSize(
      DOMPurify.sanitize(svg, {
        USE_PROFILES: { svg: true, svgFilters: true },
        FORBID_TAGS: ["foreignObject", "a", "image", "use"],
      }),
    );
  };
  const result = queue.then(draw, draw);
  queue = result.catch(() => undefined);
  return result;
}
