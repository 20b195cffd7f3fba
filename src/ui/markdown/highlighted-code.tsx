import type { ReactNode } from "react";
import { CLOSE, type HighlightSpans } from "./highlight-tree.ts";

const CLASS_LIST = /^hljs-[\w-]+(?: hljs-[\w-]+)*$/;

/** Ops per chunk: about 25 ms of building and layout on this machine's slower core. */
export const CHUNK_OPS = 1_500;

/** A slice of a highlighted block: its text, and the same text in `hljs-*` spans. */
export interface CodeChunk {
  text: string;
  nodes: ReactNode[];
  /** How many ops it holds: what it costs to show. */
  ops: number;
  /**
   * Whether it holds whole lines: then it is laid out as a box of its own, so lighting it does
   * not lay out the lines of the other chunks again.
   */
  lines: boolean;
}

interface Open {
  parent: ReactNode[];
  className: string | undefined;
}

/**
 * The block's own text in `hljs-*` spans, cut into chunks of about `chunkOps` ops, at the end
 * of a line where one comes (spans open at a cut are closed and opened again in the next chunk).
 * Null when the ops do not describe exactly this code (the block is then shown plain).
 */
export function renderChunks(
  code: string,
  spans: HighlightSpans,
  chunkOps = CHUNK_OPS,
): CodeChunk[] | null {
  const classes = spans.classes.map((c) => (CLASS_LIST.test(c) ? c : undefined));
  const chunks: CodeChunk[] = [];
  let stack: Open[] = [];
  let root: ReactNode[] = [];
  let children = root;
  let at = 0;
  let chunkStart = 0;
  let ops = 0;
  const open = (className: string | undefined) => {
    stack.push({ parent: children, className });
    children = [];
  };
  const close = () => {
    const span = stack.pop();
    if (!span) return false;
    span.parent.push(
      <span key={span.parent.length} className={span.className}>
        {children}
      </span>,
    );
    children = span.parent;
    return true;
  };
  const push = (text: string) => {
    const atLineStart = chunks.length === 0 || chunks.at(-1)?.text.endsWith("\n") === true;
    chunks.push({ text, nodes: root, ops, lines: atLineStart && text.endsWith("\n") });
  };
  const cut = () => {
    const reopen = stack.map((s) => s.className);
    while (close());
    push(code.slice(chunkStart, at));
    stack = [];
    root = [];
    children = root;
    chunkStart = at;
    ops = 0;
    for (const className of reopen) open(className);
  };
  for (const op of spans.ops) {
    ops += 1;
    if (op >= 0) {
      if (at + op > code.length) return null;
      let text = code.slice(at, at + op);
      const line = ops >= chunkOps ? text.lastIndexOf("\n") : -1;
      if (line >= 0 || ops >= 2 * chunkOps) {
        const head = line >= 0 ? text.slice(0, line + 1) : text;
        children.push(head);
        at += head.length;
        text = text.slice(head.length);
        cut();
      }
      if (text !== "") children.push(text);
      at += text.length;
    } else if (op === CLOSE) {
      if (!close()) return null;
    } else {
      const k = -2 - op;
      if (k >= classes.length) return null;
      open(classes[k]);
    }
  }
  if (stack.length > 0 || at !== code.length) return null;
  if (root.length > 0 || chunks.length === 0) push(code.slice(chunkStart));
  return chunks;
}
