import { useAppStore } from "../../store/react.tsx";
import { type Dictionary, en, type MessageKey } from "./en.ts";
import { fill } from "./fill.ts";
import { zh } from "./zh.ts";

export type Locale = "en" | "zh";

const dictionaries: Record<Locale, Dictionary> = { en, zh };

/** `zh*` gives Chinese, anything else English. */
export function localeFrom(preference: string, browserLocale: string): Locale {
  if (preference === "en" || preference === "zh") return preference;
  return browserLocale.toLowerCase().startsWith("zh") ? "zh" : "en";
}

export function useLocale(): Locale {
  const preference = useAppStore((s) => s.settings.locale);
  const browser = useAppStore((s) => s.browserLocale);
  return localeFrom(preference, browser);
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translate(
  locale: Locale,
  key: MessageKey,
  vars?: Record<string, string | number>,
): string {
  return fill(locale, dictionaries[locale][key], vars);
}

export function useT(): Translate {
  const locale = useLocale();
  return (key, vars) => translate(locale, key, vars);
}
