import { useCallback } from "react";
import type { storageEn } from "../i18n/storage-en.ts";
import { useT } from "../i18n/use-t.ts";

export type StorageKey = keyof typeof storageEn;

/** The storage banner and settings' part of the one dictionary (keys `storage.*`), in the user's language. */
export function useStorageT(): (key: StorageKey, vars?: Record<string, string | number>) => string {
  const t = useT();
  return useCallback((key, vars) => t(`storage.${key}`, vars), [t]);
}
