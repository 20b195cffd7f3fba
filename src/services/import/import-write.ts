import { failed, ok, type Result } from "../../core/result.ts";
import type { Session } from "../../core/session.ts";
import { type SessionSummary, summarize } from "../../core/session-summary.ts";
import type { WorkerMessageInvalid } from "../../interop/import-worker-messages.ts";
import type {
  Change,
  SaveManyOptions,
  SessionRepository,
  SessionSource,
  StorageFault,
  WriteOutcome,
} from "../../persistence/repository.ts";
import type { StateAccess } from "../../store/app-state.ts";

/** An imported session is not made from anything this tab holds. */
const WHOLE: Change = { kind: "whole" };

/** Why nothing of an import was written: the storage fault, or what else went wrong. */
export type ImportFailure =
  | { code: "not_imported"; fault: StorageFault }
  /** The files were closed (a new import began) before the commit took their conversations. */
  | { code: "files_closed" }
  /** Some conversations of the plan were no longer held by the reader (a new read replaced them). */
  | { code: "conversations_gone" }
  /** The reader sent a message the page could not check: nothing was written. */
  | WorkerMessageInvalid
  /** Something broke (a bug): nothing was written. */
  | { code: "import_failed" };

export type ImportCommit = Result<void, ImportFailure>;

/** Content fingerprints to store with the sessions, and a listener for the write's progress. */
export type ImportOptions = Pick<SaveManyOptions, "fingerprints" | "onProgress">;

export interface ImportWritePorts {
  access: StateAccess;
  repository: SessionRepository;
  /** Whole sessions as held or stored (to put back what a failed import changed). */
  readMany(ids: readonly string[]): Promise<Session[]>;
  /** Waits for the next task, so the page paints in between. */
  nextTask(): Promise<void>;
}

/**
 * One write for all sessions when the repository offers it; otherwise each in turn, and on a
 * failure the ones already written are put back as they were.
 */
async function writeAll(
  repository: SessionRepository,
  sessions: SessionSource,
  readBefore: (ids: string[]) => Promise<ReadonlyMap<string, Session>>,
  options: ImportOptions,
): Promise<WriteOutcome> {
  if (repository.saveMany) return repository.saveMany(sessions, { ...options, strict: true });
  const all = [...sessions];
  const before = await readBefore(all.map((s) => s.id));
  const written: Session[] = [];
  for (const session of all) {
    const outcome = await repository.save(session, WHOLE, { strict: true, immediate: true });
    if (!outcome.ok) {
      for (const done of written.reverse()) {
        const previous = before.get(done.id);
        if (previous) await repository.save(previous, WHOLE, { strict: true, immediate: true });
        else await repository.remove(done.id);
      }
      return outcome;
    }
    written.push(session);
    options.onProgress?.(written.length, all.length);
  }
  return ok(undefined);
}

/** The same sessions, noting the summary of each as it passes (the last pass wins). */
function noting(sessions: SessionSource, seen: Map<string, SessionSummary>): SessionSource {
  return {
    length: sessions.length,
    *[Symbol.iterator]() {
      for (const session of sessions) {
        seen.set(session.id, summarize(session));
        yield session;
      }
    },
  };
}

/**
 * Writes every session of an import in one go, or none of them: on failure nothing the person
 * had is changed, and the reason says what to do. The sessions may be decoded as they are
 * written; the store keeps only their summaries, and reads again the ones it holds open.
 */
export async function writeImport(
  ports: ImportWritePorts,
  sessions: SessionSource,
  options: ImportOptions = {},
): Promise<ImportCommit> {
  const { access, repository } = ports;
  if (sessions.length === 0) return ok(undefined);
  const readBefore = async (ids: string[]) => {
    const stored = await ports.readMany(ids.filter((id) => access.getState().summaries[id]));
    return new Map(stored.map((s) => [s.id, s]));
  };
  const seen = new Map<string, SessionSummary>();
  let outcome: WriteOutcome;
  try {
    outcome = await writeAll(repository, noting(sessions, seen), readBefore, options);
  } catch {
    // A bug (the repository answers faults with outcomes): nothing was written, and it says so.
    return failed({ code: "import_failed" });
  }
  if (!outcome.ok) return failed({ code: "not_imported", fault: outcome.fault });
  // The sidebar re-renders with every imported summary: in a task of its own, not in the
  // one that finished the write and told the other tabs.
  await ports.nextTask();
  access.setState((s) => ({ summaries: { ...s.summaries, ...Object.fromEntries(seen) } }));
  for (const id of seen.keys()) {
    if (!access.getState().bodies[id]) continue;
    const fresh = await repository.open(id);
    if (fresh && access.getState().bodies[id])
      access.setState((s) => ({ bodies: { ...s.bodies, [id]: fresh } }));
  }
  return ok(undefined);
}
