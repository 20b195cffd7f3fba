/**
 * The part of PouchDB 9's API that sync uses, typed here because DefinitelyTyped's
 * @types/pouchdb-core redeclares the global `Buffer` and breaks Node's types elsewhere.
 * Declared for the packages in `pouchdb-modules.d.ts`; the names follow PouchDB's docs.
 */
export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  /** The other leaves' revisions, when read with `conflicts: true`. */
  _conflicts?: string[];
  /** The revision's ancestry, newest first, when read with `revs: true`. */
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}

/** A document as a database gives it back: it always has a revision. */
export type PouchStoredDoc = PouchDoc & { _rev: string };

export interface PouchWriteResult {
  ok?: boolean;
  id?: string;
  rev?: string;
  /** `"conflict"` from a server; a local adapter gives `true` with `status` and `name`. */
  error?: string | boolean;
  status?: number;
  name?: string;
  reason?: string;
}

export interface PouchAllDocs {
  total_rows: number;
  rows: {
    id: string;
    key?: string;
    error?: string;
    value?: { rev: string; deleted?: boolean };
    doc?: PouchStoredDoc;
  }[];
}

export interface PouchDatabase {
  readonly name: string;
  get(id: string, options?: { rev?: string; revs?: boolean }): Promise<PouchStoredDoc>;
  put(doc: PouchDoc): Promise<PouchWriteResult>;
  bulkDocs(docs: PouchDoc[]): Promise<PouchWriteResult[]>;
  allDocs(options?: {
    include_docs?: boolean;
    conflicts?: boolean;
    keys?: string[];
  }): Promise<PouchAllDocs>;
  info(): Promise<unknown>;
  /** The live feed of changes from now on (`since: "now"`), with their documents. */
  changes(options: {
    live: true;
    since: "now" | number;
    include_docs: true;
    conflicts?: true;
  }): PouchEmitter & { cancel(): void };
  close(): Promise<void>;
  destroy(): Promise<unknown>;
}

export interface ReplicationResult {
  ok: boolean;
  docs_read: number;
  docs_written: number;
  doc_write_failures: number;
  errors: unknown[];
}

export interface ReplicateOptions {
  /** Stop at the first error instead of retrying (PouchDB's default for a one-off run). */
  retry?: boolean;
  batch_size?: number;
}

/** A running replication: a promise of its result that can be cancelled. */
export type Replication = Promise<ReplicationResult> & { cancel(): void };

/** PouchDB's event emitter, for the events sync listens to. */
export interface PouchEmitter {
  on(event: string, listener: (value: unknown) => void): this;
}

/** A live two-way sync: its events (`active`, `paused`, `change`, `denied`, `error`). */
export type LiveSync = PouchEmitter & {
  cancel(): void;
  /** Each direction's replication (`requestError` before a retry, `active` once it works again). */
  readonly push?: PouchEmitter;
  readonly pull?: PouchEmitter;
};

export interface PouchOptions {
  adapter?: string;
  skip_setup?: boolean;
  auth?: { username: string; password: string };
}

/** A PouchDB plugin (an adapter or a feature); opaque to sync. */
export type PouchPlugin = (PouchDB: PouchStatic) => void;

export interface PouchStatic {
  /** The adapters its plugins registered, by name. */
  readonly adapters: Readonly<Record<string, unknown>>;
  new (name: string, options?: PouchOptions): PouchDatabase;
  plugin(plugin: PouchPlugin): PouchStatic;
  replicate(
    source: string | PouchDatabase,
    target: string | PouchDatabase,
    options?: ReplicateOptions,
  ): Replication;
  sync(
    local: PouchDatabase,
    remote: PouchDatabase,
    options: {
      live: true;
      retry: true;
      batch_size?: number;
      back_off_function?: (delay: number) => number;
    },
  ): LiveSync;
}
