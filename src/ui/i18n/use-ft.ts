import { type FeatureKey, featuresEn } from "./features-en.ts";
import { featuresZh } from "./features-zh.ts";
import { type Locale, useLocale } from "./use-t.ts";

const dictionaries = { en: featuresEn, zh: featuresZh } as const;

export type FeatureTranslate = (key: FeatureKey, vars?: Record<string, string | number>) => string;

export function translateFeature(
  locale: Locale,
  key: FeatureKey,
  vars?: Record<string, string | number>,
): string {
  const text: string = dictionaries[locale][key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole));
}

/** Strings of the issue-5 features, in the user's language; switches live with the locale. */
export function useFt(): FeatureTranslate {
  const locale = useLocale();
  return (key, vars) => translateFeature(locale, key, vars);
}
