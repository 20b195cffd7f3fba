export const DB_NAME = "parley";
export const STORE_NAME = "records";
/** The IndexedDB version is the stored layout's version: an upgrade migrates the records. */
export const LAYOUT_VERSION = 2;
