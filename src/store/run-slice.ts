import type { StateCreator } from "zustand";
import { runTurn } from "../core/agent/run-turn.ts";
import type { AgentConfig, StepError } from "../core/agent-types.ts";
import { LIMITS } from "../core/codec/limits.ts";
import type { Session } from "../core/session.ts";
import { removeMessages, revertTo } from "../core/session-ops.ts";
import { modelFor, resolvePipeline } from "./agents-slice.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { failureOf, patchRun, type RunProgress, runEventHandler } from "./run-events.ts";

/** A running answer. Runtime only: never persisted. */
export interface Run {
  controller: AbortController;
  agent: string;
  model: string;
  /** The answer being streamed, until it becomes a message. */
  streaming: { messageId: string; text: string } | null;
  startedAt: number;
}

export interface RunFailure {
  message: string;
  retryable: boolean;
  /** What failed: the model's error kind, or that another tab is answering; absent for other errors. */
  kind?: StepError["kind"] | "answering_elsewhere";
  /** The HTTP status of a failed model request. */
  status?: number;
}

/** Whether the user's message became part of the conversation; when not, why (to show with it). */
export type SendResult = { saved: true } | { saved: false; reason: string };

/**
 * Changes the conversation once the run is claimed, before the model is asked (drops the
 * messages answered again). Returns the session to run on, or null to run nothing.
 */
export type Replace = (session: Session) => Session | null;

export interface RunSlice {
  runs: Record<string, Run>;
  failures: Record<string, RunFailure>;
  /** Appends the user's message and runs the conversation's agents; says whether the message was saved. */
  send(sessionId: string, text: string): Promise<SendResult>;
  /** Answers the last user message again; nothing is lost if the new answer fails (see `runReplacing`). */
  retry(sessionId: string): Promise<void>;
  /**
   * Claims the run first (a conversation answering in another tab is left alone), then applies
   * `replace` and runs with `input`. When the run ends without any answer text (an error, a
   * refusal, Stop), the conversation goes back to what it was and the error stays in `failures`.
   */
  runReplacing(sessionId: string, replace: Replace, input: string | null): Promise<SendResult>;
  stopRun(sessionId: string): void;
  dismissFailure(sessionId: string): void;
}

const ALREADY_RUNNING = "This conversation is already answering. Wait for it, or stop it first.";
const NOTHING_TO_REPLACE = "The message to answer again is no longer in this conversation.";
const GONE = "This conversation no longer exists. Start a new chat and send again.";

/** Why `text` cannot be sent as a user message (empty, or longer than storage keeps), or null. */
export function unsendable(text: string): string | null {
  if (text.trim() === "") return "The message is empty: write something first.";
  if (text.length > LIMITS.content)
    return `The message is ${text.length.toLocaleString("en-US")} characters long; at most ${LIMITS.content.toLocaleString("en-US")} can be kept. Shorten it or split it over several messages.`;
  return null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const createRunSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], RunSlice> =>
  (set, get) => {
    const stagesFor = (session: Session): AgentConfig[] => {
      const { settings, agents } = get();
      const stages = resolvePipeline(session.metadata.pipeline, agents, settings.agent);
      if (stages.length === 0)
        throw new Error(
          "No agent is configured. Choose or create an agent in Agents, then send again.",
        );
      return stages.map((a) => ({ ...a, model: modelFor(a, settings.model) }));
    };

    const fail = (id: string, message: string) =>
      set((s) => ({ failures: { ...s.failures, [id]: failureOf(message) } }));

    /** Undoes a run that gave no answer; state the user changed meanwhile stays unless a tool changed it. */
    const putBack = async (id: string, before: Session, progress: RunProgress) => {
      const current = get().bodies[id];
      if (!current) return;
      const earlier = progress.stateChanged ? before : { ...before, state: current.state };
      try {
        await get().commitSession(revertTo(current, earlier, deps.env));
      } catch (error) {
        fail(id, messageOf(error));
      }
    };

    const run = async (
      id: string,
      input: string | null,
      replace?: Replace,
    ): Promise<SendResult> => {
      const refused = (reason: string): SendResult => ({ saved: false, reason });
      let stages: AgentConfig[];
      try {
        const session = await get().loadSession(id);
        if (!session) return refused(GONE);
        if (get().runs[id]) return refused(ALREADY_RUNNING);
        stages = stagesFor(session);
      } catch (error) {
        fail(id, messageOf(error));
        return refused(messageOf(error));
      }
      const [agent] = stages;
      if (!agent) return refused(GONE);
      const claim = await get()
        .claimRun(id)
        .catch((error: unknown) => {
          fail(id, messageOf(error));
          return undefined;
        });
      if (!claim) return refused(get().failures[id]?.message ?? ALREADY_RUNNING);
      if (get().runs[id]) {
        claim.release();
        return refused(ALREADY_RUNNING);
      }
      const controller = new AbortController();
      set((s) => {
        const { [id]: _cleared, ...failures } = s.failures;
        return {
          failures,
          runs: {
            ...s.runs,
            [id]: {
              controller,
              agent: agent.name,
              model: agent.model,
              streaming: null,
              startedAt: deps.env.clock.now(),
            },
          },
        };
      });
      const progress: RunProgress = { userMessageId: null, answered: false, stateChanged: false };
      let before: Session | undefined;
      try {
        if (replace) {
          const current = await get().loadSession(id);
          const replaced = current ? replace(current) : null;
          if (!current || !replaced) return refused(current ? NOTHING_TO_REPLACE : GONE);
          if (replaced !== current) {
            await get().commitSession(replaced);
            before = current;
          }
        }
        for (const [index, stage] of stages.entries()) {
          const current = await get().loadSession(id);
          if (!current || controller.signal.aborted) break;
          patchRun(set, id, { agent: stage.name, model: stage.model });
          const turn = await runTurn(stage, current, index === 0 ? input : null, {
            model: deps.model,
            clock: deps.env.clock,
            randomBytes: deps.env.randomBytes,
            tools: deps.tools,
            signal: controller.signal,
            onEvent: runEventHandler({ get, set, env: deps.env }, id, progress),
          });
          if (turn.final !== null) progress.answered = true;
          else break;
        }
      } catch (error) {
        fail(id, messageOf(error));
      } finally {
        if (before && !progress.answered) await putBack(id, before, progress);
        claim.release();
        get().endCheckpoint(id);
        set((s) => {
          const { [id]: _done, ...runs } = s.runs;
          return { runs };
        });
      }
      const userId = progress.userMessageId;
      const saved =
        userId !== null && Boolean(get().bodies[id]?.messages.some((m) => m.id === userId));
      if (saved || input === null) return { saved: true };
      return refused(get().failures[id]?.message ?? GONE);
    };

    return {
      runs: {},
      failures: {},

      async send(sessionId, text) {
        const reason = unsendable(text);
        return reason === null ? run(sessionId, text) : { saved: false, reason };
      },

      runReplacing(sessionId, replace, input) {
        return run(sessionId, input, replace);
      },

      async retry(sessionId) {
        await run(sessionId, null, (session) => {
          let lastUser = session.messages.length - 1;
          while (lastUser >= 0 && session.messages[lastUser]?.role !== "user") lastUser--;
          if (lastUser < 0) return null;
          const after = session.messages.slice(lastUser + 1).map((m) => m.id);
          return removeMessages(session, after, deps.env);
        });
      },

      stopRun(sessionId) {
        get().runs[sessionId]?.controller.abort();
      },

      dismissFailure(sessionId) {
        set((s) => {
          const { [sessionId]: _gone, ...failures } = s.failures;
          return { failures };
        });
      },
    };
  };
