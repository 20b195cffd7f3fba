declare module "pouchdb-core" {
  const PouchDB: import("./pouch-types.ts").PouchStatic;
  export default PouchDB;
}

declare module "pouchdb-adapter-idb" {
  const plugin: import("./pouch-types.ts").PouchPlugin;
  export default plugin;
}

declare module "pouchdb-adapter-http" {
  const plugin: import("./pouch-types.ts").PouchPlugin;
  export default plugin;
}

declare module "pouchdb-adapter-memory" {
  const plugin: import("./pouch-types.ts").PouchPlugin;
  export default plugin;
}

declare module "pouchdb-replication" {
  const plugin: import("./pouch-types.ts").PouchPlugin;
  export default plugin;
}

/** express-pouchdb's database cache (the test server's), as its routes open and delete them. */
declare module "express-pouchdb/lib/create-or-delete-dbs.js" {
  export function getOrCreateDB(PouchDB: unknown, name: string): Promise<unknown>;
}
