import type { AgentEvent, StepError } from "../../core/agent-types.ts";
import type { CoreEnv } from "../../core/env.ts";
import { append, type Session } from "../../core/session.ts";
import { setState } from "../../core/session-ops.ts";
import type { Change } from "../../persistence/repository.ts";
import type { AppState, Run, RunFailure, StateAccess } from "../../store/app-state.ts";

type Set = (partial: (state: AppState) => Partial<AppState>) => void;

/** What the events of a run need: the state, the clock, and how to commit and checkpoint. */
export interface RunEventPorts {
  access: StateAccess;
  env: Pick<CoreEnv, "clock">;
  commit(session: Session, change: Change): Promise<void>;
  checkpoint(sessionId: string): void;
}

/** What a run has produced so far: the user's message, any answer text, a changed state. */
export interface RunProgress {
  userMessageId: string | null;
  answered: boolean;
  stateChanged: boolean;
}

/** The failure to show: the model's error kind and HTTP status when there are some. */
export function failureOf(message: string, error?: StepError): RunFailure {
  const failure: RunFailure = { message, retryable: true };
  if (error) failure.kind = error.kind;
  if (error && "status" in error && error.status !== undefined) failure.status = error.status;
  return failure;
}

export function patchRun(set: Set, id: string, patch: Partial<Run>): void {
  set((s) => {
    const run = s.runs[id];
    return run ? { runs: { ...s.runs, [id]: { ...run, ...patch } } } : {};
  });
}

/**
 * Applies a run's events to the store: messages are committed (and awaited, so the user's
 * message is stored before the model is asked), text streams into the run and its checkpoint,
 * a tool's state is committed, an error becomes the failure to show. `progress` records what
 * the run produced, so a failed Regenerate or Edit knows whether to put things back.
 */
export function runEventHandler(
  ports: RunEventPorts,
  id: string,
  progress: RunProgress,
): (event: AgentEvent) => Promise<void> {
  const { env, commit, checkpoint } = ports;
  const { getState: get, setState: set } = ports.access;
  return async (event) => {
    switch (event.type) {
      case "message": {
        const { message } = event;
        if (message.role === "user") progress.userMessageId = message.id;
        const session = get().bodies[id];
        if (!session) return;
        if (message.role === "assistant") patchRun(set, id, { streaming: null });
        // A session read again while the answer streamed may hold its partial (same id): replace it.
        const held = session.messages.findIndex((m) => m.id === message.id);
        if (held < 0) {
          await commit(append(session, [message], env), { kind: "append", messages: [message] });
          return;
        }
        const others = session.messages.filter((m) => m.id !== message.id);
        const next = append({ ...session, messages: others }, [message], env);
        const last = held === session.messages.length - 1;
        await commit(
          next,
          last ? { kind: "replace", messageIds: [message.id] } : { kind: "rewrite", from: held },
        );
        return;
      }
      case "text": {
        const run = get().runs[id];
        if (!run) return;
        if (event.delta.trim() !== "") progress.answered = true;
        const prior = run.streaming?.messageId === event.messageId ? run.streaming.text : "";
        patchRun(set, id, { streaming: { messageId: event.messageId, text: prior + event.delta } });
        checkpoint(id);
        return;
      }
      case "state": {
        progress.stateChanged = true;
        const session = get().bodies[id];
        if (session) await commit(setState(session, event.state, env), { kind: "head" });
        return;
      }
      case "error":
        if (event.error.kind !== "aborted")
          set((s) => ({
            failures: { ...s.failures, [id]: failureOf(event.error.message, event.error) },
          }));
        return;
      default:
        return;
    }
  };
}
