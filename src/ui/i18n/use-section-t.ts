import { useEffect, useMemo, useSyncExternalStore } from "react";
import { hasSection, loadSection, subscribeDictionaries } from "./dictionaries.ts";
import type { MessageKey, StartKey } from "./en.ts";
import type { Section, SectionKey } from "./sections.ts";
import { translate, useLocale } from "./use-t.ts";

/** Words of the start-up dictionary and of one section. */
export type SectionTranslate<S extends Section> = (
  key: StartKey | SectionKey<S>,
  vars?: Record<string, string | number>,
) => string;

/**
 * The words of `section` with the start-up ones, once the section has arrived in the page's
 * language; null until then (it is asked for here), so nothing shows a key or an empty sentence.
 */
export function useSectionT<S extends Section>(section: S): SectionTranslate<S> | null {
  const locale = useLocale();
  const here = () => hasSection(locale, section);
  const ready = useSyncExternalStore(subscribeDictionaries, here, here);
  useEffect(() => {
    if (!ready) void loadSection(section);
  }, [ready, section]);
  return useMemo<SectionTranslate<S> | null>(
    () => (ready ? (key, vars) => translate(locale, key as MessageKey, vars) : null),
    [ready, locale],
  );
}
