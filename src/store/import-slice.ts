import type { StateCreator } from "zustand";
import type { Session } from "../core/session.ts";
import { summarize } from "../core/session-summary.ts";
import type { SessionRepository, WriteOutcome } from "../persistence/repository.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";

export type ImportCommit = { ok: true } | { ok: false; reason: string };

export interface ImportSlice {
  /** Whole sessions (messages included) for export or comparison; ids that do not exist are left out. */
  readSessions(ids: readonly string[]): Promise<Session[]>;
  /**
   * Writes every session of an import in one go, or none of them: on failure nothing the
   * person had is changed, and the reason says what to do.
   */
  importSessions(sessions: readonly Session[]): Promise<ImportCommit>;
}

/**
 * One write for all sessions when the repository offers it; otherwise each in turn, and on a
 * failure the ones already written are put back as they were.
 */
async function writeAll(
  repository: SessionRepository,
  sessions: readonly Session[],
  before: ReadonlyMap<string, Session>,
): Promise<WriteOutcome> {
  if (repository.saveMany) return repository.saveMany(sessions, { strict: true });
  const written: Session[] = [];
  for (const session of sessions) {
    const outcome = await repository.save(session, { strict: true, immediate: true });
    if (!outcome.ok) {
      for (const done of written.reverse()) {
        const previous = before.get(done.id);
        if (previous) await repository.save(previous, { strict: true, immediate: true });
        else await repository.remove(done.id);
      }
      return outcome;
    }
    written.push(session);
  }
  return { ok: true };
}

export const createImportSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], ImportSlice> =>
  (set, get) => ({
    async readSessions(ids) {
      const out: Session[] = [];
      for (const id of ids) {
        const session = get().bodies[id] ?? (await deps.repository.open(id));
        if (session) out.push(session);
      }
      return out;
    },

    async importSessions(sessions) {
      if (sessions.length === 0) return { ok: true };
      const replaced = sessions.filter((s) => get().summaries[s.id] !== undefined).map((s) => s.id);
      const before = new Map((await get().readSessions(replaced)).map((s) => [s.id, s]));
      let outcome: WriteOutcome;
      try {
        outcome = await writeAll(deps.repository, sessions, before);
      } catch (error) {
        outcome = {
          ok: false,
          fault: {
            kind: "failed",
            message: error instanceof Error ? error.message : String(error),
          },
        };
      }
      if (!outcome.ok)
        return { ok: false, reason: `Nothing was imported: ${outcome.fault.message}` };
      set((s) => {
        const summaries = { ...s.summaries };
        const bodies = { ...s.bodies };
        for (const session of sessions) {
          summaries[session.id] = summarize(session);
          if (bodies[session.id]) bodies[session.id] = session;
        }
        return { summaries, bodies };
      });
      return { ok: true };
    },
  });
