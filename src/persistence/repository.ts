import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import type { SessionSummary } from "../core/session-summary.ts";
import type { RecordProblem } from "./layout/record-problem.ts";

export type { RecordProblem, SessionSummary };

/** A stored record that could not be restored; kept aside, reported, and exportable as raw data. */
export interface DamagedRecord {
  key: string;
  /** Why it could not be read, as a code the UI words. */
  problem: RecordProblem;
  raw: unknown;
}

export interface LoadResult {
  summaries: SessionSummary[];
  damaged: DamagedRecord[];
}

/**
 * A committed change. `remote` is true when the stored session holds a change this tab has not
 * seen: another tab made it, or this tab's save was merged with another tab's. Then a tab that
 * holds the session at another revision reads it again with `open`.
 */
export type RepositoryChange =
  | { type: "saved"; id: string; revision: number; remote: boolean; messages?: ChangedMessages }
  | { type: "removed"; id: string; remote: boolean };

/**
 * What a save committed by this tab changed in the session's message list, as the `Change` it
 * was made with says (folded over the saves written together): every message from position
 * `from` on (Infinity: none), and the messages `ids` where they stand. Given only for a save
 * written as asked, not for a merge with another tab's version, an import or another tab's
 * change: then what changed is unknown, and a listener compares the whole session.
 */
export interface ChangedMessages {
  from: number;
  ids: readonly string[];
}

/** What `announce` tells the tabs, as a committed change would. */
export type AnnouncedChange =
  | { type: "saved"; id: string; revision: number }
  | { type: "removed"; id: string };

/**
 * A storage failure the user must see, with a way out.
 * - `quota`: the disk or the browser's quota is full; nothing was half-written.
 * - `unavailable`: IndexedDB cannot be used (private window, blocked storage); nothing is saved.
 * - `outdated`: a newer Parley upgraded the stored data in another tab, or wrote records this
 *   one cannot read; this tab must reload.
 * - `blocked`: this tab must update the stored data, and a Parley tab of an older version keeps
 *   it from doing so; nothing loads until that tab is closed, then this one goes on by itself.
 * - `damaged`: stored records (`keys`) could not be read; they were set aside and can be exported.
 * - `failed`: any other storage error; `error` is the browser's (its name and message).
 * A code with its values: the UI has the words.
 */
export type StorageFault =
  | { kind: "quota" | "unavailable" | "blocked" }
  | { kind: "outdated"; cause: "upgraded" | "newer_records" }
  | { kind: "damaged"; keys: string[] }
  | { kind: "failed"; error: string };

/** How a write ended. A failed write is also reported to fault listeners. */
export type WriteOutcome = { ok: true } | { ok: false; fault: StorageFault };

/**
 * What a save changed in the session, as the code that made the change knows it: the repository
 * writes the records this touches and nothing else, and never compares objects to find out.
 * - `append`: `messages` were added at the end (a sent message, an answer).
 * - `replace`: the messages with these ids changed where they stand (an edited or re-streamed one).
 * - `rewrite`: the messages from position `from` on were removed, replaced or added (Retry, Edit
 *   and resend, an answer undone).
 * - `head`: no message changed: the title, metadata (pin, pipeline) or state did.
 * - `whole`: anything; every record is written (an import, a migration, a version read elsewhere).
 */
export type Change =
  | { kind: "append"; messages: readonly Message[] }
  | { kind: "replace"; messageIds: readonly string[] }
  | { kind: "rewrite"; from: number }
  | { kind: "head" }
  | { kind: "whole" };

/**
 * A change with the revision of the version it was made from (`base`): the one `open` gave or
 * the last one saved. That version is the base of the merge when another tab wrote meanwhile.
 * Without `base`, or with one this tab does not hold, nothing is known of how the session came
 * to be: it is merged with no base (every message of both sides kept) and written whole.
 */
export type SessionChange = Change & { base?: number };

export interface SaveOptions {
  /** Skip the throttle delay (still after writes already queued for the session). */
  immediate?: boolean;
  /** Strict durability: the data is on disk when the promise resolves (imports, migrations). */
  strict?: boolean;
}

/**
 * The sessions of an import: an array, or anything that gives them afresh on every pass (a
 * write that is retried reads them again), decoding them as it goes, and says how many it holds.
 */
export interface SessionSource extends Iterable<Session> {
  readonly length: number;
}

/** How an import is written (`saveMany`). */
export interface SaveManyOptions extends SaveOptions {
  /**
   * Content fingerprints of the sessions by id. Each is kept with its session until the session
   * next changes, so a later import compares against it without reading the session.
   */
  fingerprints?: ReadonlyMap<string, string>;
  /** Told how many of the sessions are stored in the (not yet committed) transaction. */
  onProgress?: (written: number, total: number) => void;
}

/** Usage figures for Settings. Sizes are bytes; absent when the browser does not tell. */
export interface StorageInfo {
  persistent: boolean;
  /** False when the app runs in memory and nothing is saved. */
  saving: boolean;
  usage?: number;
  quota?: number;
}

/**
 * Where sessions live. The store talks to this interface only; IndexedDB and an in-memory
 * implementation provide it. No write starts before `load()` has finished: a write asked for
 * earlier waits for it, and one asked for before `load()` was called is refused.
 */
/** How `open` reads a session. */
export interface OpenOptions {
  /** A run of the session is live (in this tab or another): its checkpoint is not folded in. */
  live?: boolean;
}

export interface SessionRepository {
  load(): Promise<LoadResult>;
  /** One session's summary (after another tab changed it), or undefined when it does not exist. */
  readSummary(id: string): Promise<SessionSummary | undefined>;
  /**
   * The whole session, or undefined when it does not exist; read after the writes queued for it,
   * so it holds everything saved before. A partial answer checkpointed by a run that did not
   * finish comes last, marked `interrupted`. The store's next save of this session should be
   * made from the object returned. With `live` (a run of the session is answering, here or in
   * another tab) the checkpoint is left out: that run commits its answer itself, and a tab that
   * saved a session holding it would store another tab's partial answer as a message.
   */
  open(id: string, options?: OpenOptions): Promise<Session | undefined>;
  /**
   * The whole session, read like `open`, for reading only (search, export): this tab keeps
   * nothing of it, so it is garbage once the caller lets go. Never save a version made from it.
   */
  read(id: string): Promise<Session | undefined>;
  /**
   * The store no longer holds this session (it left the screen): once the writes queued for it
   * are done, forget the version kept as the base of its next save, so nothing holds its
   * messages. An `open` meanwhile cancels it; the next save must come from a new `open`.
   */
  release(id: string): void;
  /**
   * Persists a new or changed session, writing only the records `change` touched. Saves of one
   * session are serialised and throttled; the promise resolves once this state is stored.
   * When another tab changed the session meanwhile, both changes are merged and a `saved`
   * change with the merged revision is published.
   */
  save(session: Session, change: SessionChange, options?: SaveOptions): Promise<WriteOutcome>;
  /**
   * A preview to paint at once: the session with only its newest messages (at least `count`,
   * and any checkpointed partial answer), read from a few records whatever its length.
   * Read-only: show it while `open` reads the whole session; never save it or run a turn on it.
   */
  openRecent(id: string, count: number): Promise<Session | undefined>;
  /**
   * Writes the sessions of an import in one all-or-nothing transaction (strict durability unless
   * `strict: false`): every one is stored, whole, or none is. Writes queued before it go first.
   */
  saveMany(sessions: SessionSource, options?: SaveManyOptions): Promise<WriteOutcome>;
  /**
   * The fingerprints `saveMany` stored for these sessions, read after the writes queued for
   * them. A session changed since its import has none, nor has one that does not exist.
   */
  contentFingerprints?(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Stores the partial answer of a running turn (one small record), or clears it with `null`.
   * Saving the session with a message of the same id replaces the checkpoint.
   */
  checkpoint(sessionId: string, message: Message | null): Promise<WriteOutcome>;
  remove(id: string): Promise<WriteOutcome>;
  /**
   * Tells this tab's listeners and the other tabs that a session is gone, or back, without
   * writing anything: a deletion that can still be undone keeps its records until `remove`.
   */
  announce(change: AnnouncedChange): void;
  /**
   * Writes everything queued now (when the page is hidden or left). `leaving`: the page is going
   * away, so writes start without reading first (the answer to a read may never arrive), trusting
   * what this tab last read or wrote; the transaction is committed at once.
   */
  flush(options?: { leaving?: boolean }): Promise<void>;
  subscribe(listener: (change: RepositoryChange) => void): () => void;
  /** Called with each fault, and with `null` when writing works again after one. */
  subscribeFaults(listener: (fault: StorageFault | null) => void): () => void;
  /** The fault in force now: a permanent one (`unavailable`, `outdated`) or the last failed write. */
  currentFault(): StorageFault | null;
  /** Records set aside because they could not be restored, with their raw data for export. */
  damaged(): Promise<DamagedRecord[]>;
  discardDamaged(key: string): Promise<WriteOutcome>;
  storageInfo(): Promise<StorageInfo>;
}

/** A run's hold on its session; release it when the run ends, however it ends. */
export interface RunClaim {
  release(): void;
}

/**
 * Which sessions are generating, across the tabs of this browser. A run claims its session
 * first, so no second run starts in it from any tab; other tabs show it as generating.
 */
export interface RunLocks {
  /** The claim, or undefined when another tab is generating in this session. */
  claim(sessionId: string): Promise<RunClaim | undefined>;
  /** Called at once and whenever the set of sessions generating in other tabs changes. */
  subscribe(listener: (elsewhere: ReadonlySet<string>) => void): () => void;
  close(): void;
}

/** An attachment's bytes as stored, with their type. */
export interface StoredBlob {
  bytes: Uint8Array;
  mime: string;
}

/** Where attachment bytes live, one record per SHA-256, apart from every session record. */
export interface BlobStore {
  /** Writes the blob whole or not at all (one IndexedDB put); the same hash is stored once. */
  put(hash: string, blob: StoredBlob): Promise<WriteOutcome>;
  get(hash: string): Promise<StoredBlob | undefined>;
  /** Every stored hash. */
  hashes(): Promise<string[]>;
  remove(hash: string): Promise<WriteOutcome>;
}
