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
