import memoryAdapter from "pouchdb-adapter-memory";
import { composePouch } from "./compose-pouch.ts";
import type { PouchStatic } from "./pouch-types.ts";

/** PouchDB in memory, for tests of the layers above sync (which may not import PouchDB). */
export function memoryPouch(): PouchStatic {
  return composePouch(memoryAdapter);
}
