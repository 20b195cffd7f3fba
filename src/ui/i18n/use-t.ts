import { useEffect, useSyncExternalStore } from "react";
import { useAppStore } from "../../store/react.tsx";
import {
  dictionaryOf,
  hasDictionary,
  type Locale,
  loadDictionary,
  subscribeDictionaries,
} from "./dictionaries.ts";
import type { MessageKey, StartKey } from "./en.ts";
import { fill } from "./fill.ts";

export type { Locale } from "./dictionaries.ts";

/** `zh*` gives Chinese, anything else English. */
export function localeFrom(preference: string, browserLocale: string): Locale {
  if (preference === "en" || preference === "zh") return preference;
  return browserLocale.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** The locale the page shows: the one wanted, once its dictionary has arrived (English until then). */
export function useLocale(): Locale {
  const preference = useAppStore((s) => s.settings.locale);
  const browser = useAppStore((s) => s.browserLocale);
  const wanted = localeFrom(preference, browser);
  const loaded = () => hasDictionary(wanted);
  const ready = useSyncExternalStore(subscribeDictionaries, loaded, loaded);
  useEffect(() => {
    if (!ready) void loadDictionary(wanted);
  }, [ready, wanted]);
  return ready ? wanted : "en";
}

/** Words of the dictionary the page starts with; a section's words come from `useSectionT`. */
export type Translate = (key: StartKey, vars?: Record<string, string | number>) => string;

/** A key's words in `locale`; English where that language lacks it, nothing before its section loaded. */
export function translate(
  locale: Locale,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  return fill(locale, dictionaryOf(locale)[key] ?? dictionaryOf("en")[key] ?? "", vars);
}

export function useT(): Translate {
  const locale = useLocale();
  return (key, vars) => translate(locale, key, vars);
}
