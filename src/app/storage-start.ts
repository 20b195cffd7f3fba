import { DB_NAME } from "../persistence/layout/idb-names.ts";

/**
 * Wakes the browser's IndexedDB for this origin while the page's code is still evaluated:
 * main.tsx imports this module first (it has no schema, so zod's setting may come after it). A
 * cold browser takes 45 to 100 ms to open the database the first time; opened here (at whatever
 * version it is, and closed again), the repository's own open after the evaluation finds it
 * ready. An upgrade is never made here: a database that is missing or older is left for the
 * repository, which creates or migrates it.
 */
function wakeDatabase(): void {
  try {
    const request = indexedDB.open(DB_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => request.result.close();
    // An aborted upgrade or a browser without storage: the repository reports it, not this.
    request.onerror = (event) => event.preventDefault();
  } catch {
    // No IndexedDB at all: the repository runs in memory and says so.
  }
}

wakeDatabase();
