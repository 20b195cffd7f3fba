import type { PouchStatic } from "./pouch-types.ts";

let loading: Promise<PouchStatic> | undefined;

/**
 * PouchDB for the browser (IndexedDB, HTTP, replication), loaded on first use: about 35 kB
 * gzip that the initial JavaScript never carries. A failed load (offline, a new deploy) is
 * forgotten so the next call tries again.
 */
export function loadBrowserPouch(): Promise<PouchStatic> {
  loading ??= import("./browser-pouch.ts").then(
    (module) => module.BrowserPouchDB,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
