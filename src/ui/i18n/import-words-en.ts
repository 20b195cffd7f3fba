import { noteWordsEn } from "./import-note-words.ts";
import { problemWordsEn } from "./import-problem-en.ts";

/** What the import dialog says of each problem and note of the files read (keys `interop.*`). */
export const importWordsEn = { ...noteWordsEn, ...problemWordsEn };
