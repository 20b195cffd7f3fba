import { createStore, type UseStore } from "idb-keyval";
import { LAYOUT_VERSION, STORE_NAME } from "../layout/idb-names.ts";
import { type LayoutStep, upgradeDatabase } from "../layout/migrations.ts";

/**
 * Another tab upgraded the stored data. Thrown where IndexedDB itself fails (opening, a
 * transaction on a closed connection); the repository turns it into the `outdated` fault
 * (`failureOf`, `openBrowserRepository`), so callers get an outcome and the UI words its code.
 */
export class OutdatedError extends Error {
  constructor() {
    super("database upgraded by another tab");
    this.name = "OutdatedError";
  }
}

export interface Layout {
  version: number;
  steps?: Readonly<Record<number, LayoutStep>>;
}

/**
 * Opens the database at this layout's version, migrating older records step by step inside the
 * upgrade transaction (all or nothing: the old records stay until the new ones are written).
 * Fails with OutdatedError when a newer Parley already upgraded it. When a tab with an older
 * connection open keeps the upgrade from starting, `onBlocked` is told and the promise waits:
 * the upgrade runs once that connection closes.
 */
export function prepareDatabase(
  name: string,
  factory: IDBFactory = indexedDB,
  layout: Layout = { version: LAYOUT_VERSION },
  onBlocked?: () => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, layout.version);
    request.onblocked = () => onBlocked?.();
    request.onupgradeneeded = (event) => {
      const tx = request.transaction;
      if (!tx) return;
      upgradeDatabase(request.result, tx, event.oldVersion, layout.steps).catch((error) => {
        try {
          tx.abort();
        } catch {
          // The transaction already ended; its error event rejects the open.
        }
        reject(error);
      });
    };
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => {
      const error = request.error;
      reject(error?.name === "VersionError" ? new OutdatedError() : error);
    };
  });
}

/**
 * A connection through idb-keyval's store, with transactions of a chosen durability. When the
 * browser closed the connection it is reopened and the transaction tried once more. When another
 * tab upgrades the database, the connection is closed at once so the upgrade is never blocked,
 * and every later transaction fails with OutdatedError.
 */
export class Connection {
  private keyval: UseStore;
  private db: IDBDatabase | undefined;
  private outdated = false;

  constructor(
    private readonly name: string,
    private readonly onOutdated: () => void,
    private readonly layoutVersion = LAYOUT_VERSION,
  ) {
    this.keyval = createStore(name, STORE_NAME);
  }

  async transact<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore) => T | Promise<T>,
    strict = false,
  ): Promise<T> {
    try {
      return await this.once(mode, body, strict);
    } catch (error) {
      if (this.outdated || !isClosedConnection(error)) throw error;
      this.db = undefined;
      this.keyval = createStore(this.name, STORE_NAME);
      return await this.once(mode, body, strict);
    }
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }

  private async database(): Promise<IDBDatabase> {
    if (this.outdated) throw new OutdatedError();
    if (this.db) return this.db;
    const db = await this.keyval("readonly", (store) => store.transaction.db);
    if (db.version > this.layoutVersion) {
      this.markOutdated(db);
      throw new OutdatedError();
    }
    db.addEventListener("versionchange", () => this.markOutdated(db));
    db.addEventListener("close", () => {
      if (this.db === db) this.db = undefined;
    });
    this.db = db;
    return db;
  }

  private markOutdated(db: IDBDatabase): void {
    db.close();
    this.db = undefined;
    if (this.outdated) return;
    this.outdated = true;
    this.onOutdated();
  }

  private async once<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore) => T | Promise<T>,
    strict: boolean,
  ): Promise<T> {
    const db = await this.database();
    const tx = db.transaction(STORE_NAME, mode, { durability: strict ? "strict" : "relaxed" });
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () =>
        reject(tx.error ?? new DOMException("The transaction was aborted.", "AbortError"));
    });
    let result: T;
    try {
      result = await body(tx.objectStore(STORE_NAME));
      if (mode === "readwrite") commitNow(tx);
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // Already finished: the error below is the one to report.
      }
      await done.catch(() => undefined);
      throw error;
    }
    await done;
    return result;
  }
}

/**
 * Asks for the commit as soon as the requests are made instead of after their answers come
 * back, so a page that is going away still gets its last write stored.
 */
function commitNow(tx: IDBTransaction): void {
  try {
    tx.commit?.();
  } catch {
    // Already committing (no request was made) or finished: nothing to hurry.
  }
}

/** The connection was closed under us (by the browser), not a failure of the data itself. */
function isClosedConnection(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  return error.name === "InvalidStateError" || error.name === "UnknownError";
}
