import { type Dictionary, en, type StartDictionary } from "./en.ts";
import { SECTIONS, type Section } from "./sections.ts";

export type Locale = "en" | "zh";

// English is always here; Chinese (about 6 kB of gzip) loads when it is wanted, before the first
// render when the page starts in Chinese (main.tsx), so no one starting in English pays for it.
// A section (sections.ts) loads in every language the page has when code that shows it asks; a
// language loaded after that brings the sections already asked for before it shows.
const starts: Partial<Record<Locale, StartDictionary>> = { en };
const parts: Record<Locale, Partial<Record<Section, Record<string, string>>>> = { en: {}, zh: {} };
const words: Partial<Record<Locale, Partial<Dictionary>>> = { en };
const wanted = new Set<Section>();
const partsLoading = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function arrived(locale: Locale): void {
  words[locale] = { ...starts[locale], ...Object.assign({}, ...Object.values(parts[locale])) };
  for (const listener of listeners) listener();
}

function loadPart(locale: Locale, section: Section): Promise<void> {
  if (parts[locale][section]) return Promise.resolve();
  const id = `${locale}:${section}`;
  let loading = partsLoading.get(id);
  if (!loading) {
    loading = SECTIONS[section]
      [locale]()
      .then((part) => {
        parts[locale][section] = part;
        arrived(locale);
      })
      .finally(() => partsLoading.delete(id));
    partsLoading.set(id, loading);
  }
  return loading;
}

/** The words of `locale` (English while that language has not arrived), with the sections loaded. */
export function dictionaryOf(locale: Locale): Partial<Dictionary> {
  return words[locale] ?? words.en ?? en;
}

export function hasDictionary(locale: Locale): boolean {
  return starts[locale] !== undefined;
}

export function hasSection(locale: Locale, section: Section): boolean {
  return parts[locale][section] !== undefined;
}

/**
 * Loads the dictionary of `locale` (once), with the sections asked for so far, so the language
 * never shows without them; listeners hear when it has arrived.
 */
export async function loadDictionary(locale: Locale): Promise<void> {
  if (starts[locale]) return;
  const { zh } = await import("./zh.ts");
  await Promise.all([...wanted].map((section) => loadPart(locale, section).catch(() => undefined)));
  starts.zh = zh;
  arrived(locale);
}

/**
 * Loads `section` in every language the page has (once). It never rejects: a section that
 * could not load (offline, never cached) is loaded again by the next caller.
 */
export function loadSection(section: Section): Promise<void> {
  wanted.add(section);
  const locales = (Object.keys(starts) as Locale[]).filter((l) => !hasSection(l, section));
  return Promise.all(locales.map((locale) => loadPart(locale, section))).then(
    () => undefined,
    () => undefined,
  );
}

export function subscribeDictionaries(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
