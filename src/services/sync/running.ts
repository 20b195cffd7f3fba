import type { LiveSync } from "../../sync/replication/pouch-types.ts";
import { BlobTransfer, type SyncBlobs } from "./blob-transfer.ts";
import type { Connection } from "./connect.ts";
import type { Before } from "./merge-base.ts";
import { Outbox } from "./outbox.ts";

/** What a sync that is turned on holds: its connection, outbox, replication and inbox queue. */
export interface Running extends Connection {
  outbox: Outbox;
  /** The attachments' documents, when the app gave their store. */
  blobs?: BlobTransfer | undefined;
  live?: LiveSync | undefined;
  stops: Array<() => void>;
  /** By session: message records that arrived and are not in the local session yet. */
  unapplied: Map<string, Set<string>>;
  /** Sessions whose records arrived since the inbox last assembled them. */
  arrived: Set<string>;
  /** By session: what the outbox held under each record that arrived since it was last applied. */
  before: Map<string, Before>;
  /** By session: the leaf shown when it was last applied (`shown-leaf.ts`). */
  shown: Map<string, string | null>;
  /** Whether the sessions and sets given when sync started have all gone into the outbox. */
  sentAll: boolean;
  /** Whether the live sync's last word was that it is idle with nothing to send. */
  idle: boolean;
}

/**
 * What a sync just turned on holds: nothing sent, nothing arrived; its outbox seals with the
 * connection's sealer and calls `onWritten` when documents went into the local database.
 */
export function running(
  connection: Connection,
  onWritten: () => void,
  blobs: SyncBlobs | undefined,
): Running {
  const { local, keys, sealer } = connection;
  return {
    ...connection,
    outbox: new Outbox(local, keys, onWritten, sealer),
    blobs: blobs && new BlobTransfer(local, keys, sealer, blobs, onWritten),
    // A seal or an opening still waiting is then done in this thread: the queue's work ends.
    stops: [() => connection.sealer.close()],
    unapplied: new Map(),
    arrived: new Set(),
    before: new Map(),
    shown: new Map(),
    sentAll: false,
    idle: false,
  };
}
