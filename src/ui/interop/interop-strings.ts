import { useCallback, useMemo } from "react";
import type { importWordsEn } from "../i18n/import-words-en.ts";
import type { interopEn } from "../i18n/interop-en.ts";
import { useSectionT } from "../i18n/use-section-t.ts";
import { useT } from "../i18n/use-t.ts";

type Key = keyof typeof interopEn;
type ImportKey = Key | keyof typeof importWordsEn;

export type InteropTranslate = (key: Key, vars?: Record<string, string | number>) => string;
/** The import dialog's words: the UI's and those of each problem and note (section `importWords`). */
export type ImportTranslate = (key: ImportKey, vars?: Record<string, string | number>) => string;

/** The import and export UI's part of the one dictionary (keys `interop.*`), in the app's locale. */
export function useInteropT(): InteropTranslate {
  const t = useT();
  return useCallback<InteropTranslate>((key, vars) => t(`interop.${key}`, vars), [t]);
}

/** The import dialog's words, null until the section of problems and notes has arrived. */
export function useImportT(): ImportTranslate | null {
  const t = useSectionT("importWords");
  return useMemo<ImportTranslate | null>(
    () => (t ? (key, vars) => t(`interop.${key}`, vars) : null),
    [t],
  );
}
