import httpAdapter from "pouchdb-adapter-http";
import PouchDB from "pouchdb-core";
import replication from "pouchdb-replication";
import type { PouchPlugin, PouchStatic } from "./pouch-types.ts";

/**
 * PouchDB with one local adapter, the HTTP adapter (the CouchDB server) and replication; no
 * map/reduce or find, which sync never uses. The browser passes IndexedDB, Node tests memory.
 */
export function composePouch(localAdapter: PouchPlugin): PouchStatic {
  return PouchDB.plugin(localAdapter).plugin(httpAdapter).plugin(replication);
}
