import type { StorageInfo } from "./repository.ts";

/** The parts of `navigator.storage` persistence uses. */
export interface StorageAccess {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

export async function storageInfo(
  storage: StorageAccess | undefined,
  saving: boolean,
): Promise<StorageInfo> {
  const [persistent, estimate] = await Promise.all([
    storage?.persisted?.().catch(() => false) ?? false,
    storage?.estimate?.().catch(() => undefined),
  ]);
  const info: StorageInfo = { persistent: persistent === true, saving };
  if (estimate?.usage !== undefined) info.usage = estimate.usage;
  if (estimate?.quota !== undefined) info.quota = estimate.quota;
  return info;
}
