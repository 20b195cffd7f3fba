/**
 * What sync is doing, as codes the dictionary words (`sync.*`):
 * - `off`: not turned on; everything stays local.
 * - `unlocking`: reading or creating the sync metadata and deriving the key.
 * - `syncing`, `synced`, `offline` (the server cannot be reached; PouchDB retries with backoff).
 * - `paused`: turned on, replication stopped by the person.
 * - `failed`: stopped; `code` says why and the words say what to do. Nothing local is changed.
 */
export type SyncStatus =
  | { state: "off" | "unlocking" | "syncing" | "synced" | "offline" | "paused" }
  | { state: "failed"; code: SyncFailure };

export type SyncFailure =
  | "wrong_passphrase"
  | "unauthorized"
  | "forbidden"
  | "too_large"
  | "no_database"
  | "invalid_meta"
  | "newer_version"
  | "rolled_back"
  | "stale_document"
  | "local_full"
  | "server_full"
  | "invalid_url"
  | "failed";

/**
 * A full disk here: IndexedDB's `QuotaExceededError`, as the browser throws it or as PouchDB's
 * idb adapter wraps it (`indexed_db_went_bad`, status 500, the DOM error's name as `reason`).
 */
function isQuotaError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, reason } = error as { name?: unknown; reason?: unknown };
  return name === "QuotaExceededError" || reason === "QuotaExceededError";
}

/**
 * A full disk on the server: HTTP 507, or CouchDB's `insufficient_storage` (its disk monitor
 * refuses writes so, 3.4 and later; a document's own error in `_bulk_docs` has no status).
 */
function isServerFull(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const {
    status,
    name,
    error: code,
  } = error as { status?: unknown; name?: unknown; error?: unknown };
  return (
    Number(status) === 507 || name === "insufficient_storage" || code === "insufficient_storage"
  );
}

/** The failure a PouchDB or HTTP error stands for, from its status code; undefined when unreachable. */
export function failureOf(error: unknown): SyncFailure | undefined {
  if (isQuotaError(error)) return "local_full";
  if (isServerFull(error)) return "server_full";
  const status =
    typeof error === "object" && error !== null && "status" in error
      ? Number((error as { status: unknown }).status)
      : undefined;
  switch (status) {
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "no_database";
    case 413:
      return "too_large";
    case undefined:
    case 0:
    case 500:
    case 502:
    case 503:
    case 504:
      return undefined;
    default:
      return Number.isNaN(status) ? undefined : "failed";
  }
}
