import { AS_TEXT, type Tokenizer, tokenizerOver } from "./tokenizer.ts";

/**
 * gpt-tokenizer with o200k_base, the encoding of OpenAI's current models (GPT-4o, GPT-4.1,
 * GPT-5 and the o-series); cl100k_base is only GPT-4's and GPT-3.5's. Other providers' models
 * split text their own way, and no encoding matches them; the fit's margin covers the difference.
 * This loads the library's module of ranks, 2.4 MB of code, so it is for Node (tests, the
 * bench's Node figures); the page's worker counts the same with `pieceTokenizer`.
 */
export async function loadTokenizer(): Promise<Tokenizer> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return tokenizerOver((texts) => texts.map((t) => (t === "" ? 0 : countTokens(t, AS_TEXT))));
}
