import { useCallback } from "react";
import type { interopEn } from "../i18n/interop-en.ts";
import { useT } from "../i18n/use-t.ts";

type Key = keyof typeof interopEn;

export type InteropTranslate = (key: Key, vars?: Record<string, string | number>) => string;

/** The import and export UI's part of the one dictionary (keys `interop.*`), in the app's locale. */
export function useInteropT(): InteropTranslate {
  const t = useT();
  return useCallback<InteropTranslate>((key, vars) => t(`interop.${key}`, vars), [t]);
}
