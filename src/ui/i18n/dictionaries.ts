import { type Dictionary, en } from "./en.ts";

export type Locale = "en" | "zh";

// English is always here; Chinese (about 6 kB of gzip) loads when it is wanted, before the first
// render when the page starts in Chinese (main.tsx), so no one starting in English pays for it.
const loaded: Partial<Record<Locale, Dictionary>> = { en };
const listeners = new Set<() => void>();

/** The dictionary of `locale`, or English while that one has not arrived. */
export function dictionaryOf(locale: Locale): Dictionary {
  return loaded[locale] ?? en;
}

export function hasDictionary(locale: Locale): boolean {
  return loaded[locale] !== undefined;
}

/** Loads the dictionary of `locale` (once); listeners hear when it has arrived. */
export async function loadDictionary(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  const { zh } = await import("./zh.ts");
  loaded.zh = zh;
  for (const listener of listeners) listener();
}

export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
