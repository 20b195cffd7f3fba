import type { Session } from "../../core/session.ts";
import type { SessionRepository } from "../../persistence/repository.ts";
import type { KdfOptions, SyncKeys } from "../../sync/crypto/index.ts";
import type { RecordSealer } from "../../sync/crypto/record-sealer.ts";
import type { PouchStatic } from "../../sync/replication/pouch-types.ts";
import type { SyncBlobs } from "./blob-transfer.ts";
import type { SyncedSet } from "./synced-sets.ts";

export interface SyncSettings {
  /** A CouchDB database URL, e.g. `https://couch.example.com/parley-alice`. */
  server: string;
  username: string;
  password: string;
  passphrase: string;
}

export interface SyncServicePorts {
  repository: SessionRepository;
  /** PouchDB with a local adapter, HTTP and replication (loaded on first use in the browser). */
  loadPouch(): Promise<PouchStatic>;
  /** The local adapter's name: IndexedDB's by default, `memory` in tests. */
  localAdapter?: string | undefined;
  /** The local database's name; one per device (tests run two in one process). */
  localName?: string | undefined;
  /** The ids of every stored session, sent when sync starts. */
  sessionIds(): readonly string[];
  /**
   * Writes sessions that arrived (the import path: the store shows them). False: not written;
   * `"full"`: not written because this device's storage is full (IndexedDB's quota).
   */
  write(sessions: Session[]): Promise<boolean | "full">;
  /**
   * A session deleted on another device: the app moves it to the trash with an Undo (undone, it
   * is sent again, so it comes back everywhere); dismissed, it is removed for good.
   */
  deleteArrived(sessionId: string): Promise<void>;
  /**
   * Whether the session was deleted here and its Undo is still offered: what arrives for it
   * meanwhile waits (written, it would bring the conversation back), and is applied if the
   * delete is undone.
   */
  inTrash?(sessionId: string): boolean;
  /**
   * Parley's three-way merge (`persistence/tabs/merge.ts`): a session that arrived with the local
   * one against what this device last synced of it (`merge-base.ts`), or two versions of a
   * conflicting head with their common ancestor (`conflicts.ts`).
   */
  merge(base: Session | undefined, ours: Session, theirs: Session): Session;
  /**
   * The attachments' bytes: sent with the sessions whose messages name them, stored when they
   * arrive (the app's `Attachments`, whose `put` tells the screen). Without it none travel.
   */
  blobs?: SyncBlobs | undefined;
  /** The agents and the settings that are not secret, synced as their own records. */
  sets?: readonly SyncedSet[] | undefined;
  /** Resolves in a later task: the inbox yields between sessions, so no task runs long. */
  nextTask?: (() => Promise<void>) | undefined;
  /**
   * Seals and opens records with the keys: in a worker in the browser (`inWorker`), so a first
   * sync's compression and base64 leave the page's thread; in this thread when not given.
   */
  sealer?: ((keys: SyncKeys) => RecordSealer) | undefined;
  /** Unit tests only: a lower iteration count. */
  kdf?: KdfOptions | undefined;
}
