import type { StateCreator } from "zustand";
import { runTurn } from "../core/agent/run-turn.ts";
import type { AgentConfig, AgentEvent } from "../core/agent-types.ts";
import type { Message } from "../core/message.ts";
import type { Session } from "../core/session.ts";
import { append } from "../core/session.ts";
import { removeMessages, setState } from "../core/session-ops.ts";
import { modelFor, resolvePipeline } from "./agents-slice.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";

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
}

export interface RunSlice {
  runs: Record<string, Run>;
  failures: Record<string, RunFailure>;
  send(sessionId: string, text: string): Promise<void>;
  retry(sessionId: string): Promise<void>;
  stopRun(sessionId: string): void;
  dismissFailure(sessionId: string): void;
}

export const createRunSlice =
  (deps: StoreDeps): StateCreator<AppState, [], [], RunSlice> =>
  (set, get) => {
    const stagesFor = (session: Session): AgentConfig[] => {
      const { settings, agents } = get();
      const stages = resolvePipeline(session.metadata.pipeline, agents, settings.agent);
      if (stages.length === 0) throw new Error("No agent is configured.");
      return stages.map((a) => ({ ...a, model: modelFor(a, settings.model) }));
    };

    const patchRun = (id: string, patch: Partial<Run>) =>
      set((s) => {
        const run = s.runs[id];
        return run ? { runs: { ...s.runs, [id]: { ...run, ...patch } } } : {};
      });

    const commitMessage = async (id: string, message: Message) => {
      const session = get().bodies[id];
      if (!session) return;
      const next = append(session, [message], deps.env);
      if (message.role === "assistant") patchRun(id, { streaming: null });
      await get().commitSession(next);
    };

    const onEvent = (id: string) => async (event: AgentEvent) => {
      switch (event.type) {
        case "message":
          await commitMessage(id, event.message);
          return;
        case "text": {
          const run = get().runs[id];
          if (!run) return;
          const prior = run.streaming?.messageId === event.messageId ? run.streaming.text : "";
          patchRun(id, { streaming: { messageId: event.messageId, text: prior + event.delta } });
          get().checkpointRun(id);
          return;
        }
        case "state": {
          const session = get().bodies[id];
          if (session) await get().commitSession(setState(session, event.state, deps.env));
          return;
        }
        case "error":
          if (event.error.kind !== "aborted") {
            set((s) => ({
              failures: { ...s.failures, [id]: { message: event.error.message, retryable: true } },
            }));
          }
          return;
        default:
          return;
      }
    };

    const run = async (id: string, input: string | null) => {
      const session = await get().loadSession(id);
      if (!session || get().runs[id]) return;
      const stages = stagesFor(session);
      const [agent] = stages;
      if (!agent) return;
      const claim = await get().claimRun(id);
      if (!claim) return;
      if (get().runs[id]) return claim.release();
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
      try {
        for (const [index, stage] of stages.entries()) {
          const current = await get().loadSession(id);
          if (!current || controller.signal.aborted) break;
          patchRun(id, { agent: stage.name, model: stage.model });
          const turn = await runTurn(stage, current, index === 0 ? input : null, {
            model: deps.model,
            clock: deps.env.clock,
            randomBytes: deps.env.randomBytes,
            tools: deps.tools,
            signal: controller.signal,
            onEvent: onEvent(id),
          });
          if (turn.final === null) break;
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        set((s) => ({ failures: { ...s.failures, [id]: { message, retryable: true } } }));
      } finally {
        claim.release();
        get().endCheckpoint(id);
        set((s) => {
          const { [id]: _done, ...runs } = s.runs;
          return { runs };
        });
      }
    };

    return {
      runs: {},
      failures: {},

      async send(sessionId, text) {
        if (text.trim() === "") return;
        await run(sessionId, text);
      },

      async retry(sessionId) {
        const session = await get().loadSession(sessionId);
        if (!session || get().runs[sessionId]) return;
        let lastUser = session.messages.length - 1;
        while (lastUser >= 0 && session.messages[lastUser]?.role !== "user") lastUser--;
        if (lastUser < 0) return;
        const after = session.messages.slice(lastUser + 1).map((m) => m.id);
        if (after.length > 0) await get().commitSession(removeMessages(session, after, deps.env));
        await run(sessionId, null);
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
