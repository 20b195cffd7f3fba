import { Lexer, type Token } from "marked";

/** GFM block and inline tokens, or null when the parser gave up (it never throws). */
export function parseMarkdown(text: string): Token[] | null {
  try {
    return new Lexer({ gfm: true, breaks: false }).lex(text);
  } catch {
    return null;
  }
}
