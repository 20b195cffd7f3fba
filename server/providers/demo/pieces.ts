const CJK = "\\u3000-\\u303f\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef";
const PIECE = new RegExp(`[${CJK}]|[^\\s${CJK}]+[^\\S\\n]*\\n*|\\s+`, "gu");

/**
 * Splits text into the pieces the demo streams: a word with the spaces after it, or one CJK
 * character. Joining the pieces gives the text back exactly.
 */
export function splitPieces(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/** Counts tokens the way the demo reports usage: one per piece that is not only whitespace. */
export function countTokens(text: string): number {
  let count = 0;
  for (const piece of splitPieces(text)) if (piece.trim() !== "") count += 1;
  return count;
}

/** Whether the text is (mostly meant as) Chinese. */
export function isChinese(text: string): boolean {
  return /[\u3400-\u9fff]/u.test(text);
}
