import type { TokenizerExtension } from "marked";

/** A formula in TeX: `$…$` or `\(…\)` in a line, `$$…$$` or `\[…\]` as a block of its own. */
export interface MathToken {
  type: "math";
  raw: string;
  text: string;
  display: boolean;
}

const BLOCK = /^ {0,3}(?:\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\])[ \t]*(?:\n|$)/;
/**
 * A dollar opens only before a non-space and closes only after one, not before a digit, so
 * "it costs $5 and $10" stays text, as in pandoc.
 */
const INLINE = /^(?:\$(?!\s)((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)|\\\(((?:\\.|[^\n])+?)\\\))/;

function mathToken(raw: string, tex: string | undefined, display: boolean): MathToken | undefined {
  const text = tex?.trim();
  return text ? { type: "math", raw, text, display } : undefined;
}

export const mathBlock: TokenizerExtension = {
  name: "math",
  level: "block",
  start: (src) => src.match(/^ {0,3}(?:\$\$|\\\[)/m)?.index,
  tokenizer(src) {
    const match = BLOCK.exec(src);
    return match ? mathToken(match[0], match[1] ?? match[2], true) : undefined;
  },
};

export const mathInline: TokenizerExtension = {
  name: "math",
  level: "inline",
  start: (src) => src.match(/\$|\\\(/)?.index,
  tokenizer(src) {
    const match = INLINE.exec(src);
    return match ? mathToken(match[0], match[1] ?? match[2], false) : undefined;
  },
};
