import type { StateCreator } from "zustand";
import type { JsonObject } from "../core/json.ts";
import { createSession, type Session } from "../core/session.ts";
import { rename, setState } from "../core/session-ops.ts";
import { summarize } from "../core/session-summary.ts";
import type { SessionSummary } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { withoutSessions } from "./drop-sessions.ts";

export interface SessionsSlice {
  /** The first load from storage has finished; nothing is written before. */
  ready: boolean;
  loadFailure: string | null;
  summaries: Record<string, SessionSummary>;
  /** Sessions whose messages are loaded. */
  bodies: Record<string, Session>;
  activeId: string | null;
  /** The last deleted session, kept until Undo is no longer offered. */
  lastDeleted: Session | null;
  init(): Promise<void>;
  newSession(): Promise<string>;
  openSession(id: string | null): Promise<void>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  undoDelete(): Promise<void>;
  dismissUndo(): void;
  setSessionState(id: string, state: JsonObject): Promise<void>;
  /** Puts a changed session in the store and persists it. */
  commitSession(session: Session): Promise<void>;
}

export const createSessionsSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], SessionsSlice> =>
  (set, get) => ({
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
      } catch (error) {
        set({ ready: true, loadFailure: error instanceof Error ? error.message : String(error) });
      }
    },

    async newSession() {
      const active = get().activeId;
      const current = active ? get().bodies[active] : undefined;
      if (current && current.messages.length === 0) return current.id;
      const session = createSession(deps.env);
      await get().commitSession(session);
      set({ activeId: session.id });
      return session.id;
    },

    async openSession(id) {
      if (id === null || !get().summaries[id]) {
        set({ activeId: null });
        return;
      }
      set({ activeId: id });
      if (get().bodies[id]) return;
      void get().previewSession(id);
      const session = await deps.repository.open(id);
      if (session) set((s) => ({ bodies: { ...s.bodies, [id]: session } }));
    },

    async renameSession(id, title) {
      const session = get().bodies[id] ?? (await deps.repository.open(id));
      const trimmed = title.trim();
      if (!session || trimmed === "" || trimmed === session.title) return;
      await get().commitSession(rename(session, trimmed, deps.env));
    },

    async deleteSession(id) {
      const session = get().bodies[id] ?? (await deps.repository.open(id));
      get().stopRun(id);
      set((s) => ({ ...withoutSessions(s, [id]), lastDeleted: session ?? null }));
      await deps.repository.remove(id);
    },

    async undoDelete() {
      const session = get().lastDeleted;
      if (!session) return;
      set({ lastDeleted: null });
      await get().commitSession(session);
      set({ activeId: session.id });
    },

    dismissUndo() {
      set({ lastDeleted: null });
    },

    async setSessionState(id, state) {
      const session = get().bodies[id];
      if (!session) return;
      await get().commitSession(setState(session, state, deps.env));
    },

    async commitSession(session) {
      set((s) => ({
        bodies: { ...s.bodies, [session.id]: session },
        summaries: { ...s.summaries, [session.id]: summarize(session) },
      }));
      await deps.repository.save(session);
    },
  });
