import type { LiveSync } from "../../sync/replication/pouch-types.ts";
import type { Connection } from "./connect.ts";
import type { Before } from "./merge-base.ts";
import type { Outbox } from "./outbox.ts";

/** What a sync that is turned on holds: its connection, outbox, replication and inbox queue. */
export interface Running extends Connection {
  outbox: Outbox;
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
}
