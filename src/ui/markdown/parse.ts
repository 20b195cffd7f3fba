import { Lexer, type Token } from "marked";
import { mathBlock, mathInline } from "./math-syntax.ts";

/**
 * The math syntax in the shape the lexer reads (what `marked.use` would build): the lexer alone
 * keeps marked's parser and renderers, which the app never uses, out of the initial bundle.
 */
const extensions = {
  renderers: {},
  childTokens: {},
  block: [mathBlock.tokenizer],
  inline: [mathInline.tokenizer],
  startBlock: mathBlock.start ? [mathBlock.start] : [],
  startInline: mathInline.start ? [mathInline.start] : [],
};

/** GFM block and inline tokens, math among them, or null when the parser gave up (it never throws). */
export function parseMarkdown(text: string): Token[] | null {
  try {
    return new Lexer({ gfm: true, breaks: false, extensions }).lex(text);
  } catch {
    return null;
  }
}
