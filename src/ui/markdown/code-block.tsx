import { memo, useEffect, useMemo, useState } from "react";
import { CopyButton } from "../copy-button.tsx";
import { useScrolling } from "../virtual/scroll-activity.ts";
import type { Highlighted } from "./highlight-client.ts";
import { adopt, type HighlightView, litAtOnce } from "./highlight-view.ts";
import { type CodeChunk, renderChunks } from "./highlighted-code.tsx";
import { useHighlighter, useRevealTurns } from "./highlighter.ts";
import { HIGHLIGHT_MAX_CHARS } from "./limits.ts";
import { useMarkdownLabels } from "./markdown-labels.ts";

const Chunk = memo(function Chunk({ chunk, lit }: { chunk: CodeChunk; lit: boolean }) {
  return (
    <span className={chunk.lines ? "md-code-lines" : undefined}>
      {lit ? chunk.nodes : chunk.text}
    </span>
  );
});

function Chunks({ view, tail }: { view: HighlightView; tail: string }) {
  return (
    <>
      {view.chunks.map((chunk, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a block's chunks never move
        <Chunk key={i} chunk={chunk} lit={i < view.lit} />
      ))}
      {tail}
    </>
  );
}

/**
 * A fenced code block: plain at once; once the worker has highlighted it, its spans replace the
 * text a chunk per turn (`RevealTurns`), or at once within the task's shared allowance, so no
 * task builds or lays out more than about one chunk, however many blocks an answer holds. While the list around it is scrolled it neither
 * asks nor shows more (a fling mounts many blocks that are gone a frame later). A block that
 * grows (a streamed answer) keeps its highlighted start while the rest waits. `data-highlight`
 * says where it stands: pending, highlighted or plain.
 */
export function CodeBlock({ code, language }: { code: string; language: string }) {
  const labels = useMarkdownLabels();
  const scrolling = useScrolling();
  const highlighter = useHighlighter();
  const turns = useRevealTurns();
  const wanted = language !== "" && code.length <= HIGHLIGHT_MAX_CHARS;
  const [answer, setAnswer] = useState<{ code: string; language: string; result: Highlighted }>();
  const known = wanted ? highlighter.cached(code, language) : null;
  const answered =
    answer?.code === code && answer.language === language ? answer.result : undefined;
  const result = known !== undefined ? known : answered;
  const fresh = useMemo(() => (result ? renderChunks(code, result) : null), [code, result]);
  const [view, setView] = useState<HighlightView | null>(() =>
    fresh
      ? adopt(
          null,
          code,
          fresh,
          litAtOnce(fresh, (ops) => turns.claim(ops)),
        )
      : null,
  );

  useEffect(() => {
    if (result !== undefined || scrolling) return;
    return highlighter.request(code, language, (highlighted) =>
      setAnswer({ code, language, result: highlighted }),
    );
  }, [highlighter, code, language, result, scrolling]);

  useEffect(() => {
    if (!fresh || view?.source === fresh) return;
    const lit = litAtOnce(fresh, (ops) => turns.claim(ops));
    setView((previous) => adopt(previous, code, fresh, lit));
  }, [turns, code, fresh, view]);

  useEffect(() => {
    if (!view || view.source !== fresh || view.lit >= view.chunks.length || scrolling) return;
    return turns.request(() =>
      setView((current) => (current === view ? { ...view, lit: view.lit + 1 } : current)),
    );
  }, [turns, fresh, view, scrolling]);

  const current = view && view.source === fresh && view.code === code ? view : null;
  const grown =
    !current &&
    result === undefined &&
    view &&
    view.lit === view.chunks.length &&
    code.startsWith(view.code)
      ? view
      : null;
  const shown = current ?? grown;
  let state = result === undefined ? "pending" : "plain";
  if (current) state = current.lit === current.chunks.length ? "highlighted" : "pending";
  else if (fresh) state = "pending";

  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language || labels.code}</span>
        <CopyButton text={code} words={labels} className="md-copy" />
      </div>
      <pre>
        <code className={shown && shown.lit > 0 ? "hljs" : undefined} data-highlight={state}>
          {shown && shown.lit > 0 ? (
            <Chunks view={shown} tail={code.slice(shown.code.length)} />
          ) : (
            code
          )}
        </code>
      </pre>
    </div>
  );
}
