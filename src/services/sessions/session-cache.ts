import type { CoreEnv } from "../../core/env.ts";
import { createSession, type Session } from "../../core/session.ts";
import { summarize } from "../../core/session-summary.ts";
import { UnsavableChangeError } from "../../core/unsavable.ts";
import type { Change, RunLocks, SessionRepository } from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { isLive, neverUsed } from "../../store/selectors.ts";
import { reconcile } from "./cross-tab.ts";
import { HeldBodies } from "./held-bodies.ts";
import { findUnsavable } from "./save-guard.ts";
import { discardLeftovers, discardUnused } from "./unused-sessions.ts";

export interface SessionCachePorts {
  repository: SessionRepository;
  env: CoreEnv;
  /** Which sessions generate in other tabs; without it every run may start. */
  runLocks?: RunLocks | undefined;
  /** Whether unsent text is kept for this conversation: one left unused is then not removed. */
  hasDraft?: ((sessionId: string) => boolean) | undefined;
}

/** Long sessions paint their newest messages first; this many are read for the preview. */
const PREVIEW_MESSAGES = 80;

/**
 * The sessions this tab holds: the list of summaries, and the messages of those in use. It loads
 * the list, opens a session (a long one paints its newest messages first), commits changes to
 * storage, lets go of the messages nobody needs, and takes in what other tabs committed.
 */
export class SessionCache {
  private readonly held: HeldBodies;
  private readonly reading = new Map<string, Promise<Session | undefined>>();
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly access: StateAccess,
    private readonly ports: SessionCachePorts,
  ) {
    const { repository } = ports;
    this.held = new HeldBodies(access, repository);
    this.stops.push(
      repository.subscribe((change) => {
        if (access.getState().ready) void reconcile(change, repository, access);
      }),
      access.subscribe((state) => {
        const shown = Object.keys(state.previews).filter((id) => state.bodies[id]);
        if (shown.length === 0) return;
        const previews = { ...state.previews };
        for (const id of shown) delete previews[id];
        access.setState({ previews });
      }),
    );
  }

  /** Reads the list of sessions; nothing is written before it has finished. */
  async init(): Promise<void> {
    const { getState, setState } = this.access;
    if (getState().ready) return;
    try {
      const { summaries } = await this.ports.repository.load();
      setState({ ready: true, summaries: Object.fromEntries(summaries.map((s) => [s.id, s])) });
      void discardLeftovers(this.access, this.ports);
    } catch (error) {
      setState({
        ready: true,
        loadFailure: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * Opens a new conversation, in memory only: it is written with its first change (a message, a
   * title, state, a pin), so one nobody used never reaches storage or an export. The open one is
   * kept when it was never used. A conversation left without being used is removed, with no
   * Undo, unless it has unsent text; with unsent text, a reload brings it back.
   */
  async newSession(): Promise<string> {
    const { getState, setState } = this.access;
    const active = getState().activeId;
    const current = active ? getState().bodies[active] : undefined;
    if (current && neverUsed(current, getState())) return current.id;
    const session = createSession(this.ports.env);
    this.hold(session);
    setState({ activeId: session.id });
    this.leave(active);
    return session.id;
  }

  /**
   * Shows a conversation: a long one paints its newest messages first (`previews`), then its
   * whole history is read in slices and held in `bodies`.
   */
  async open(id: string | null): Promise<void> {
    const { getState, setState } = this.access;
    const left = getState().activeId;
    // A new chat lives in this tab's memory until used; its unsent text outlives a reload.
    if (
      id !== null &&
      !getState().summaries[id] &&
      getState().lastDeleted?.id !== id &&
      this.ports.hasDraft?.(id)
    )
      this.hold({ ...createSession(this.ports.env), id });
    if (id === null || !getState().summaries[id]) {
      setState({ activeId: null });
      this.leave(left);
      return;
    }
    this.held.touch(id);
    setState({ activeId: id });
    this.leave(left);
    if (getState().bodies[id]) return;
    await this.preview(id);
    if (getState().activeId === id) await this.load(id);
  }

  /**
   * The whole conversation: the one held, or read from storage and held (callers asking while
   * it is read share the read). Everything that sends, edits or saves starts from it, never from
   * a preview. Undefined when it does not exist.
   */
  load(id: string): Promise<Session | undefined> {
    const { getState, setState } = this.access;
    const body = getState().bodies[id];
    if (body) return Promise.resolve(body);
    const pending = this.reading.get(id);
    if (pending) return pending;
    const { repository } = this.ports;
    const read = repository.open(id, { live: isLive(getState(), id) }).then(
      (session) => {
        this.reading.delete(id);
        const current = getState().bodies[id];
        if (current || !session) return current;
        if (!getState().summaries[id]) {
          repository.release(id);
          return undefined;
        }
        setState((s) => ({ bodies: { ...s.bodies, [id]: session } }));
        return session;
      },
      (error: unknown) => {
        this.reading.delete(id);
        throw error;
      },
    );
    this.reading.set(id, read);
    return read;
  }

  /** Whole sessions (messages included) for export or comparison, read without being kept; ids that do not exist are left out. */
  async readMany(ids: readonly string[]): Promise<Session[]> {
    const out: Session[] = [];
    for (const id of ids) {
      const session = this.access.getState().bodies[id] ?? (await this.ports.repository.read(id));
      if (session) out.push(session);
    }
    return out;
  }

  /**
   * Puts a changed session in the store and persists it. `change` says what changed since the
   * session the store holds, which `session` was made from; storage writes only that. A session
   * that storage could not read back (a state nested too deep, a message over the codec's
   * limits) is never saved, since it would set the whole conversation aside on the next read:
   * this rejects with an `UnsavableChangeError` that says why, and the store keeps what it had.
   */
  async commit(session: Session, change: Change): Promise<void> {
    const previous = this.access.getState().bodies[session.id];
    const problem = findUnsavable(previous, session);
    if (problem) throw new UnsavableChangeError(problem);
    const described = previous ? { ...change, base: previous.revision } : change;
    const saving = this.ports.repository.save(session, described);
    const saved = this.held.whileSaving(session.id, saving);
    this.access.setState((s) => ({
      bodies: { ...s.bodies, [session.id]: session },
      summaries: { ...s.summaries, [session.id]: summarize(session) },
    }));
    await saved;
  }

  /** Shows a conversation that is not written yet: the store's copy is its only one. */
  hold(session: Session): void {
    this.held.touch(session.id);
    this.held.keepUnsaved(session.id);
    this.access.setState((s) => ({
      bodies: { ...s.bodies, [session.id]: session },
      summaries: { ...s.summaries, [session.id]: summarize(session) },
    }));
  }

  /** The conversation was opened or brought back: it counts among the last used. */
  touch(id: string): void {
    this.held.touch(id);
  }

  /** Reads the newest messages of a long session so they paint before the whole session is read. */
  async preview(id: string): Promise<void> {
    const { getState, setState } = this.access;
    const count = getState().summaries[id]?.messageCount ?? 0;
    if (count <= PREVIEW_MESSAGES || getState().bodies[id]) return;
    const preview = await this.ports.repository.openRecent(id, PREVIEW_MESSAGES);
    if (!preview || getState().bodies[id]) return;
    setState((s) => ({ previews: { ...s.previews, [id]: preview } }));
  }

  /** Reads a held session again (a run of another tab ended), unless it changed here meanwhile. */
  async reread(id: string): Promise<void> {
    const { getState, setState } = this.access;
    const body = getState().bodies[id];
    if (!body || getState().runs[id]) return;
    const fresh = await this.ports.repository.open(id);
    if (!fresh || getState().bodies[id] !== body) return;
    setState((s) => ({ bodies: { ...s.bodies, [id]: fresh } }));
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.held.dispose();
  }

  private leave(id: string | null): void {
    if (id !== null) void discardUnused(id, this.access, this.ports);
  }
}
