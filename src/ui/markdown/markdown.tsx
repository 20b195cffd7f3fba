import type { Token } from "marked";
import { memo, useMemo, useRef } from "react";
import type { PlainReason } from "./limits.ts";
import { type MarkdownLabels, useMarkdownLabels } from "./markdown-labels.ts";
import { MarkdownStreamingContext } from "./markdown-streaming.ts";
import { cachedMarkdownView } from "./markdown-view.ts";
import { renderBlocks } from "./render-blocks.tsx";
import { type StreamingParse, streamingMarkdownView } from "./streaming-view.ts";

const REASON_LABEL: Record<PlainReason, keyof MarkdownLabels> = {
  size: "plainSize",
  nesting: "plainNesting",
  delimiters: "plainDelimiters",
  table: "plainTable",
  parser: "plainParser",
};

function PlainText({
  text,
  reason,
  truncatedFrom,
}: {
  text: string;
  reason: PlainReason;
  truncatedFrom?: number | undefined;
}) {
  const labels = useMarkdownLabels();
  return (
    <div className="md md-plain">
      <p className="md-notice">
        {labels[REASON_LABEL[reason]]}{" "}
        {truncatedFrom !== undefined
          ? labels.truncated
              .replace("{shown}", text.length.toLocaleString())
              .replace("{total}", truncatedFrom.toLocaleString())
          : null}
      </p>
      <div className="md-plain-text">{text}</div>
    </div>
  );
}

/** One top-level block, built again only when its token changes (a streaming answer's last one). */
const MarkdownBlock = memo(function MarkdownBlock({ token }: { token: Token }) {
  return renderBlocks([token]);
});

/**
 * Blocks per memoised group. An answer being written renders again at each reveal, and React
 * compared every block's element with the last (about 200 of them late in a long answer); a
 * group whose blocks are the very token objects of the last render is skipped whole, so a reveal
 * compares a few groups and the blocks of the last one. Groups add no element: the blocks stay
 * the children of `.md`.
 */
const GROUP = 16;

const BlockGroup = memo(
  function BlockGroup({ tokens }: { tokens: readonly Token[] }) {
    // biome-ignore lint/suspicious/noArrayIndexKey: a block is known by its place; a changed one has a new token
    return tokens.map((token, i) => <MarkdownBlock key={i} token={token} />);
  },
  (before, after) =>
    before.tokens.length === after.tokens.length &&
    before.tokens.every((token, i) => token === after.tokens[i]),
);

/** The tokens in groups of `GROUP`, in order. */
function grouped(tokens: readonly Token[]): Token[][] {
  const groups: Token[][] = [];
  for (let i = 0; i < tokens.length; i += GROUP) groups.push(tokens.slice(i, i + GROUP));
  return groups;
}

/**
 * Untrusted model output as Markdown (GFM), rendered to React elements only: raw HTML is shown
 * as text, links are limited to http, https and mailto, remote images wait for the user.
 * `settled`: the text will not change (a finished message), so its parse is cached and shared;
 * otherwise it is an answer being written, and only its last block is parsed again.
 */
function MarkdownImpl({ text, settled = false }: { text: string; settled?: boolean }) {
  const streamed = useRef<StreamingParse | null>(null);
  const view = useMemo(() => {
    if (settled) return cachedMarkdownView(text);
    const next = streamingMarkdownView(text, streamed.current);
    streamed.current = { text, view: next };
    return next;
  }, [text, settled]);

  if (view.mode === "plain") {
    return (
      <PlainText
        text={view.text}
        reason={view.reason}
        truncatedFrom={"truncatedFrom" in view ? view.truncatedFrom : undefined}
      />
    );
  }
  return (
    <MarkdownStreamingContext.Provider value={!settled}>
      <div className="md">
        {grouped(view.tokens).map((tokens, g) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a group is known by its place, like its blocks
          <BlockGroup key={g} tokens={tokens} />
        ))}
      </div>
    </MarkdownStreamingContext.Provider>
  );
}

export const Markdown = memo(MarkdownImpl);
