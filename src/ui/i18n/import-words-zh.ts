import { noteWordsZh } from "./import-note-words.ts";
import { problemWordsZh } from "./import-problem-zh.ts";
import type { importWordsEn } from "./import-words-en.ts";

export const importWordsZh: Record<keyof typeof importWordsEn, string> = {
  ...noteWordsZh,
  ...problemWordsZh,
};
