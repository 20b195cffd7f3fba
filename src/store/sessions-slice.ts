import type { StateCreator } from "zustand";
import type { JsonObject } from "../core/json.ts";
import { createSession, type Session } from "../core/session.ts";
import { rename, setState } from "../core/session-ops.ts";
import { summarize } from "../core/session-summary.ts";
import type { SessionSummary } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { withoutSessions } from "./drop-sessions.ts";
import { HeldBodies } from "./held-bodies.ts";
import { findUnsavable, UnsavableChangeError } from "./save-guard.ts";
import { discardLeftovers, discardUnused, neverUsed, runEnded } from "./unused-session.ts";

export interface SessionsSlice {
  /** The first load from storage has finished; nothing is written before. */
  ready: boolean;
  loadFailure: string | null;
  summaries: Record<string, SessionSummary>;
  /**
   * Sessions whose messages are in memory: the open one, those answering, and the few used last
   * (`RECENT_BODIES`). The others are let go and read again when needed.
   */
  bodies: Record<string, Session>;
  activeId: string | null;
  /**
   * The last deleted session, kept until Undo is no longer offered. Its records stay in storage
   * until then (other tabs are told at once that it is gone): they are removed when Undo is
   * dismissed or another conversation is deleted, never while the page is being left.
   */
  lastDeleted: Session | null;
  init(): Promise<void>;
  /**
   * Opens a new conversation, in memory only: it is written with its first change (a message, a
   * title, state, a pin), so one nobody used never reaches storage or an export. The open one is
   * kept when it was never used. A conversation left without being used (see `neverUsed`) is
   * removed, with no Undo, unless it has unsent text; with unsent text, a reload brings it back.
   */
  newSession(): Promise<string>;
  /**
   * Shows a conversation: a long one paints its newest messages first (`previews`), then its
   * whole history is read in slices and held in `bodies`.
   */
  openSession(id: string | null): Promise<void>;
  /**
   * The whole conversation: the one held, or read from storage and held (callers asking while
   * it is read share the read). Everything that sends, edits or saves starts from it, never from
   * a preview. Undefined when it does not exist.
   */
  loadSession(id: string): Promise<Session | undefined>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  undoDelete(): Promise<void>;
  dismissUndo(): void;
  /**
   * Replaces the conversation's state. Rejects, changing nothing, when the state could not be
   * read back (see `commitSession`); the caller shows why.
   */
  setSessionState(id: string, state: JsonObject): Promise<void>;
  /**
   * Puts a changed session in the store and persists it. A session that storage could not read
   * back (a state nested too deep, a message over the codec's limits) is never saved, since it
   * would set the whole conversation aside on the next read: this rejects with an
   * `UnsavableChangeError` that says why, and the store keeps what it had.
   */
  commitSession(session: Session): Promise<void>;
}

export const createSessionsSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], SessionsSlice> =>
  (set, get, api) => {
    const held = new HeldBodies(api, deps.repository);
    const reading = new Map<string, Promise<Session | undefined>>();
    /** Shows a conversation that is not written yet: the store's copy is its only one. */
    const hold = (session: Session) => {
      held.touch(session.id);
      held.keepUnsaved(session.id);
      set((s) => ({
        bodies: { ...s.bodies, [session.id]: session },
        summaries: { ...s.summaries, [session.id]: summarize(session) },
      }));
    };
    const leave = (id: string | null) => {
      if (id !== null) void discardUnused(id, { get, set }, deps);
    };
    // A deletion is written only once its Undo is no longer offered, so neither Undo nor a reload
    // before then depends on a write finishing as the page unloads. One that came back (an
    // import of it) is kept.
    const removeForGood = async (id: string) => {
      if (!get().summaries[id]) await deps.repository.remove(id);
    };

    return {
      ready: false,
      loadFailure: null,
      summaries: {},
      bodies: {},
      activeId: null,
      lastDeleted: null,

      async init() {
        if (get().ready) return;
        try {
          const { summaries } = await deps.repository.load();
          set({ ready: true, summaries: Object.fromEntries(summaries.map((s) => [s.id, s])) });
          void discardLeftovers({ get, set }, deps);
        } catch (error) {
          set({ ready: true, loadFailure: error instanceof Error ? error.message : String(error) });
        }
      },

      async newSession() {
        const active = get().activeId;
        const current = active ? get().bodies[active] : undefined;
        if (current && neverUsed(current, get())) return current.id;
        const session = createSession(deps.env);
        hold(session);
        set({ activeId: session.id });
        leave(active);
        return session.id;
      },

      async openSession(id) {
        const left = get().activeId;
        // A new chat lives in this tab's memory until used; its unsent text outlives a reload.
        if (
          id !== null &&
          !get().summaries[id] &&
          get().lastDeleted?.id !== id &&
          deps.hasDraft?.(id)
        )
          hold({ ...createSession(deps.env), id });
        if (id === null || !get().summaries[id]) {
          set({ activeId: null });
          leave(left);
          return;
        }
        held.touch(id);
        set({ activeId: id });
        leave(left);
        if (get().bodies[id]) return;
        await get().previewSession(id);
        if (get().activeId === id) await get().loadSession(id);
      },

      loadSession(id) {
        const held = get().bodies[id];
        if (held) return Promise.resolve(held);
        const pending = reading.get(id);
        if (pending) return pending;
        const live = Boolean(get().runs[id] || get().remoteRuns[id]);
        const read = deps.repository.open(id, { live }).then(
          (session) => {
            reading.delete(id);
            const current = get().bodies[id];
            if (current || !session) return current;
            if (!get().summaries[id]) {
              deps.repository.release(id);
              return undefined;
            }
            set((s) => ({ bodies: { ...s.bodies, [id]: session } }));
            return session;
          },
          (error: unknown) => {
            reading.delete(id);
            throw error;
          },
        );
        reading.set(id, read);
        return read;
      },

      async renameSession(id, title) {
        const session = await get().loadSession(id);
        const trimmed = title.trim();
        if (!session || trimmed === "" || trimmed === session.title) return;
        await get().commitSession(rename(session, trimmed, deps.env));
      },

      async deleteSession(id) {
        get().stopRun(id);
        await runEnded(api, id);
        const session = get().bodies[id] ?? (await deps.repository.read(id));
        const earlier = get().lastDeleted;
        set((s) => ({ ...withoutSessions(s, [id]), lastDeleted: session ?? null }));
        deps.repository.announce({ type: "removed", id });
        await Promise.all([
          earlier ? removeForGood(earlier.id) : undefined,
          session ? undefined : deps.repository.remove(id),
        ]);
      },

      async undoDelete() {
        const session = get().lastDeleted;
        if (!session) return;
        set({ lastDeleted: null });
        if (neverUsed(session, get())) hold(session);
        else {
          held.touch(session.id);
          await get().commitSession(session);
          deps.repository.announce({ type: "saved", id: session.id, revision: session.revision });
        }
        set({ activeId: session.id });
      },

      dismissUndo() {
        const deleted = get().lastDeleted;
        if (!deleted) return;
        set({ lastDeleted: null });
        void removeForGood(deleted.id);
      },

      async setSessionState(id, state) {
        const session = get().bodies[id];
        if (!session) return;
        await get().commitSession(setState(session, state, deps.env));
      },

      async commitSession(session) {
        const problem = findUnsavable(get().bodies[session.id], session);
        if (problem) throw new UnsavableChangeError(problem);
        const saved = held.whileSaving(session.id, deps.repository.save(session));
        set((s) => ({
          bodies: { ...s.bodies, [session.id]: session },
          summaries: { ...s.summaries, [session.id]: summarize(session) },
        }));
        await saved;
      },
    };
  };
