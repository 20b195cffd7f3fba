import type { Session } from "../core/session.ts";

/** What the sidebar needs of a session without loading its messages. */
export interface SessionSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  pinned: boolean;
  revision: number;
}

/** A stored record that could not be restored; kept aside, reported, and exportable as raw data. */
export interface DamagedRecord {
  key: string;
  reason: string;
  raw: unknown;
}

export interface LoadResult {
  summaries: SessionSummary[];
  damaged: DamagedRecord[];
}

/** Another tab (or this one) committed a change. */
export type RepositoryChange =
  | { type: "saved"; id: string; revision: number }
  | { type: "removed"; id: string };

/** A storage failure the user must see, with a way out. */
export interface StorageFault {
  kind: "quota" | "unavailable" | "failed";
  message: string;
}

/**
 * Where sessions live. The store talks to this interface only; IndexedDB and an in-memory
 * fake implement it. No write starts before `load()` has finished.
 */
export interface SessionRepository {
  load(): Promise<LoadResult>;
  /** The whole session, or undefined when it does not exist. */
  open(id: string): Promise<Session | undefined>;
  /** Persists a new or changed session, writing only the records that changed. */
  save(session: Session): Promise<void>;
  remove(id: string): Promise<void>;
  /** Writes everything queued now (on page hide). */
  flush(): Promise<void>;
  subscribe(listener: (change: RepositoryChange) => void): () => void;
}
