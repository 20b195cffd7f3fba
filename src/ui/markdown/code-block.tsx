import { memo, useEffect, useMemo, useState } from "react";
import { CopyButton } from "../copy-button.tsx";
import { useScrolling } from "../virtual/scroll-activity.ts";
import type { Highlighted } from "./highlight-client.ts";
import { type CodeChunk, renderChunks } from "./highlighted-code.tsx";
import { useHighlighter, useRevealTurns } from "./highlighter.ts";
import { HIGHLIGHT_MAX_CHARS } from "./limits.ts";
import { useMarkdownLabels } from "./markdown-labels.ts";

const Chunk = memo(function Chunk({ chunk, lit }: { chunk: CodeChunk; lit: boolean }) {
  return lit ? chunk.nodes : chunk.text;
});

/**
 * A fenced code block: plain at once; once the worker has highlighted it, its spans replace the
 * text a chunk per turn (`RevealTurns`), so no task builds or lays out more than one chunk. While
 * the list around it is scrolled it neither asks nor shows more (a fling mounts many blocks that
 * are gone a frame later). `data-highlight` says where it stands: pending, highlighted or plain.
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
  const chunks = useMemo(() => (result ? renderChunks(code, result) : null), [code, result]);
  const [shown, setShown] = useState<{ chunks: CodeChunk[] | null; count: number }>({
    chunks: null,
    count: 0,
  });
  const lit = chunks && shown.chunks === chunks ? shown.count : 0;

  useEffect(() => {
    if (result !== undefined || scrolling) return;
    return highlighter.request(code, language, (highlighted) =>
      setAnswer({ code, language, result: highlighted }),
    );
  }, [highlighter, code, language, result, scrolling]);

  useEffect(() => {
    if (!chunks || lit >= chunks.length || scrolling) return;
    return turns.request(() => setShown({ chunks, count: lit + 1 }));
  }, [turns, chunks, lit, scrolling]);

  let state = result === undefined ? "pending" : "plain";
  if (chunks) state = lit === chunks.length ? "highlighted" : "pending";

  return (
    <div className="md-code">
      <div className="md-code-bar">
        <span className="md-code-lang">{language || labels.code}</span>
        <CopyButton text={code} words={labels} className="md-copy" />
      </div>
      <pre>
        <code className={lit > 0 ? "hljs" : undefined} data-highlight={state}>
          {chunks && lit > 0
            ? chunks.map((chunk, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a block's chunks never move
                <Chunk key={i} chunk={chunk} lit={i < lit} />
              ))
            : code}
        </code>
      </pre>
    </div>
  );
}
