import type { dialogWordsEn } from "./dialog-words-en.ts";
import type { importWordsEn } from "./import-words-en.ts";
import type { markdownWordsEn } from "./markdown-words-en.ts";
import type { modelErrorsEn } from "./model-errors-en.ts";
import { type Prefixed, prefixed } from "./prefixed.ts";
import type { syncEn } from "./sync-en.ts";

type Locale = "en" | "zh";

/**
 * Parts of the dictionary that load with the code that needs them rather than with the page
 * (docs/performance.md, Initial JavaScript), each in every language.
 */
export interface SectionWords {
  /** Session details and the keyboard shortcuts' help. */
  dialogWords: Record<keyof typeof dialogWordsEn, string>;
  /** The Import and Export dialogs' words, each problem and note of the files read among them. */
  importWords: Prefixed<"interop", Record<keyof typeof importWordsEn, string>>;
  /** The Markdown renderer's: code blocks, remote images, diagrams, the plain-text notices. */
  markdownWords: Record<keyof typeof markdownWordsEn, string>;
  /** What failed on the model path: the failure alert, the composer's notice, an error answer's. */
  modelError: Prefixed<"modelError", Record<keyof typeof modelErrorsEn, string>>;
  /** Settings → Sync: the form and each status. */
  sync: Prefixed<"sync", Record<keyof typeof syncEn, string>>;
}

export type Section = keyof SectionWords;
export type SectionKey<S extends Section = Section> = {
  [N in S]: keyof SectionWords[N] & string;
}[S];

export const SECTIONS: { [S in Section]: Record<Locale, () => Promise<SectionWords[S]>> } = {
  dialogWords: {
    en: () => import("./dialog-words-en.ts").then((m) => m.dialogWordsEn),
    zh: () => import("./dialog-words-zh.ts").then((m) => m.dialogWordsZh),
  },
  importWords: {
    en: () => import("./import-words-en.ts").then((m) => prefixed("interop", m.importWordsEn)),
    zh: () => import("./import-words-zh.ts").then((m) => prefixed("interop", m.importWordsZh)),
  },
  markdownWords: {
    en: () => import("./markdown-words-en.ts").then((m) => m.markdownWordsEn),
    zh: () => import("./markdown-words-zh.ts").then((m) => m.markdownWordsZh),
  },
  modelError: {
    en: () => import("./model-errors-en.ts").then((m) => prefixed("modelError", m.modelErrorsEn)),
    zh: () => import("./model-errors-zh.ts").then((m) => prefixed("modelError", m.modelErrorsZh)),
  },
  sync: {
    en: () => import("./sync-en.ts").then((m) => prefixed("sync", m.syncEn)),
    zh: () => import("./sync-zh.ts").then((m) => prefixed("sync", m.syncZh)),
  },
};
