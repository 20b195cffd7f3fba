import idbAdapter from "pouchdb-adapter-idb";
import { composePouch } from "./compose-pouch.ts";

/** Imported only through `loadBrowserPouch`, so PouchDB is fetched when sync is turned on. */
export const BrowserPouchDB = composePouch(idbAdapter);
