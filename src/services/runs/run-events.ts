import type { AgentEvent, StepError } from "../../core/agent-types.ts";
import { answerErrorOf } from "../../core/answer-error.ts";
import type { CoreEnv } from "../../core/env.ts";
import { append, type Session } from "../../core/session.ts";
import { setState } from "../../core/session-ops.ts";
import type { Change } from "../../persistence/repository.ts";
import type { AppState, Run, RunFailure, StateAccess } from "../../store/app-state.ts";
import type { FrameScheduler } from "../ports.ts";

type Set = (partial: (state: AppState) => Partial<AppState>) => void;

/**
 * How often streamed text (and reasoning) reaches the store, so the screen: at most once per
 * this many ms, in the first frame after it. Every update costs a render of the streaming row,
 * its Markdown's last block, style, layout, paint, the list's measuring and scrolling to the
 * end, whether it adds one token or twenty; shown once a frame, a model at 100 tokens a second
 * paid that about 60 times a second for one or two words each. Ten updates a second (about ten
 * words each at that rate, a short phrase) still reads as text being written, as ChatGPT and
 * LobeChat show theirs in chunks, and it was already how often the row rendered its Markdown.
 * Measured in docs/performance.md ("Streaming").
 */
export const REVEAL_MS = 100;

/**
 * A wait for the reveal this short or shorter asks for the next frame instead: that frame is at
 * most this far off anyway (one frame at 60 Hz), and a timer for the rest was a task of its own
 * ten times a second. The stream worker hands over text every 100 ms, so most messages arrived
 * a few ms before `REVEAL_MS` had passed since the reveal they followed.
 */
export const FRAME_SLACK_MS = 17;

/**
 * What the events of a run need: the state, the clock, how to commit and checkpoint, and the
 * frames that streamed text waits for.
 */
export interface RunEventPorts {
  access: StateAccess;
  env: Pick<CoreEnv, "clock">;
  commit(session: Session, change: Change): Promise<void>;
  checkpoint(sessionId: string): void;
  /** Without it, each piece of text is applied as it comes. */
  frames?: FrameScheduler | undefined;
}

/** Handles a run's events; `flush` applies streamed text still waiting for its frame. */
export interface RunEventHandler {
  (event: AgentEvent): Promise<void>;
  flush(): void;
}

/** What a run has produced so far: the user's message, any answer text, a changed state. */
export interface RunProgress {
  userMessageId: string | null;
  answered: boolean;
  stateChanged: boolean;
}

/** The failure to show: the turn's error with its facts, or what an unexpected error said. */
export function failureOf(error: StepError | string): RunFailure {
  if (typeof error === "string") return { retryable: true, detail: error };
  return { ...answerErrorOf(error), retryable: true };
}

export function patchRun(set: Set, id: string, patch: Partial<Run>): void {
  set((s) => {
    const run = s.runs[id];
    return run ? { runs: { ...s.runs, [id]: { ...run, ...patch } } } : {};
  });
}

/**
 * Applies a run's events to the store: messages are committed (and awaited, so the user's
 * message is stored before the model is asked), text and reasoning stream into the run and its
 * checkpoint at most once per `REVEAL_MS`, in a frame (pieces are joined until then and applied
 * at once: each store update costs every subscriber a look and the screen a new layout; the
 * first piece of an answer waits only for the next frame),
 * a tool's state is committed, an error becomes the failure to show. `progress` records what
 * the run produced, so a failed Regenerate or Edit knows whether to put things back.
 */
export function runEventHandler(
  ports: RunEventPorts,
  id: string,
  progress: RunProgress,
): RunEventHandler {
  const { env, commit, checkpoint, frames } = ports;
  const { getState: get, setState: set } = ports.access;
  let waiting: { messageId: string; text: string; reasoning: string } | null = null;
  let frame: unknown = null;
  let shownAt = Number.NEGATIVE_INFINITY;
  const flush = () => {
    if (frame !== null) frames?.cancel(frame);
    frame = null;
    const pending = waiting;
    waiting = null;
    const run = get().runs[id];
    if (!pending || !run) return;
    const same = run.streaming?.messageId === pending.messageId ? run.streaming : null;
    const reasoning = (same?.reasoning ?? "") + pending.reasoning;
    patchRun(set, id, {
      streaming: {
        ...same,
        messageId: pending.messageId,
        text: (same?.text ?? "") + pending.text,
        ...(reasoning === "" ? {} : { reasoning }),
      },
    });
    shownAt = env.clock.now();
    checkpoint(id);
  };
  /** Joins a piece of the answer (its text or its reasoning) to those waiting for the reveal. */
  const wait = (messageId: string, piece: { text?: string; reasoning?: string }) => {
    if (waiting && waiting.messageId !== messageId) flush();
    waiting = {
      messageId,
      text: (waiting?.text ?? "") + (piece.text ?? ""),
      reasoning: (waiting?.reasoning ?? "") + (piece.reasoning ?? ""),
    };
    if (!frames) flush();
    else {
      const rest = shownAt + REVEAL_MS - env.clock.now();
      frame ??= frames.request(flush, rest > FRAME_SLACK_MS ? rest : 0);
    }
  };
  const handle = async (event: AgentEvent) => {
    if (event.type !== "text" && event.type !== "reasoning") flush();
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
        if (!get().runs[id]) return;
        if (event.delta.trim() !== "") progress.answered = true;
        wait(event.messageId, { text: event.delta });
        return;
      }
      case "reasoning":
        if (!get().runs[id]) return;
        wait(event.messageId, { reasoning: event.delta });
        return;
      case "activity":
        patchRun(set, id, { activity: event.activity });
        return;
      case "state": {
        progress.stateChanged = true;
        const session = get().bodies[id];
        if (session) await commit(setState(session, event.state, env), { kind: "head" });
        return;
      }
      case "error":
        if (event.error.code !== "aborted")
          set((s) => ({ failures: { ...s.failures, [id]: failureOf(event.error) } }));
        return;
      default:
        return;
    }
  };
  return Object.assign(handle, { flush });
}
