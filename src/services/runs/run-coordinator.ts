import type { AgentConfig, UserInput } from "../../core/agent-types.ts";
import type { Attachment } from "../../core/attachments/attachment.ts";
import { canContinue, type Message } from "../../core/message.ts";
import { failed, ok } from "../../core/result.ts";
import { showLeaf } from "../../core/session-ops.ts";
import { path } from "../../core/tree.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { streamingCheckpoint } from "./checkpoint-message.ts";
import { Checkpointer } from "./checkpointer.ts";
import { continuingStages, stagesFor } from "./pipeline.ts";
import { type Dropped, putBack, type Replace } from "./put-back.ts";
import type { RunCoordinatorPorts } from "./run-coordinator-ports.ts";
import { failureOf, patchRun, type RunProgress, runEventHandler } from "./run-events.ts";
import { fittingFor } from "./run-fitting.ts";
import { type SendFailure, type SendResult, unsendable } from "./send-text.ts";
import { isAnswer } from "./titles.ts";

/** What a run adds as the user's message; null adds none (a retry, a later pipeline stage). */
type TurnInput = string | UserInput | null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The life of every run of this tab: it claims the session, appends the user's message, runs
 * the conversation's agents, streams their text into `runs` and a checkpoint on disk, commits
 * what they produce, and ends, stopped or failed, with the failure to show; after the first
 * answer of a conversation it has `titles` name it. A run belongs to its
 * session, not to the screen; one whose session leaves the store (deleted, here or in another
 * tab) stops.
 */
export class RunCoordinator {
  private readonly controllers = new Map<string, AbortController>();
  private readonly checkpoints: Checkpointer;
  private readonly stopWatching: () => void;

  constructor(
    private readonly access: StateAccess,
    private readonly ports: RunCoordinatorPorts,
  ) {
    this.checkpoints = new Checkpointer(
      (id, message) => void ports.repository.checkpoint(id, message),
      ports.timers,
    );
    this.stopWatching = access.subscribe((state, previous) => {
      if (state.summaries === previous.summaries && state.bodies === previous.bodies) return;
      for (const [id, controller] of this.controllers)
        if (!state.summaries[id] && !state.bodies[id]) controller.abort();
    });
  }

  /**
   * Appends the user's message, with the files it carries (stored already), and runs the
   * conversation's agents; says whether the message was saved.
   */
  async send(
    sessionId: string,
    text: string,
    attachments: readonly Attachment[] = [],
  ): Promise<SendResult> {
    const refusal = unsendable(text, attachments.length);
    return refusal === null ? this.run(sessionId, { text, attachments }) : failed(refusal);
  }

  /**
   * Answers the last user message of the visible path again: the new answer is a version beside
   * the old one, which stays as it was. If the new answer fails, nothing changes (see `runReplacing`).
   */
  async retry(sessionId: string): Promise<void> {
    await this.run(sessionId, null, (session) => {
      const lastUser = path(session).findLast((m) => m.role === "user");
      return lastUser ? showLeaf(session, lastUser.id, this.ports.env) : null;
    });
  }

  /**
   * Goes on with the last answer of the visible path, cut by the length limit or interrupted:
   * the text is appended to that answer (one message, one version). Stop keeps what arrived.
   */
  async continueAnswer(sessionId: string): Promise<SendResult> {
    return this.run(sessionId, null, undefined, true);
  }

  /**
   * Asks `text` as a new version of a user message of the visible path (keeping the files it carried), beside it: the old
   * version and everything after it stay as they were. The run is claimed before anything
   * changes; if the new answer fails before any text arrives, the conversation goes back to
   * what it was (see `runReplacing`).
   */
  async editAndResend(sessionId: string, messageId: string, text: string): Promise<SendResult> {
    const edited = this.access
      .getState()
      .bodies[sessionId]?.messages.find((m) => m.id === messageId && m.role === "user");
    const attachments = edited?.attachments ?? [];
    const refusal = unsendable(text, attachments.length);
    if (refusal !== null) return failed(refusal);
    return this.runReplacing(
      sessionId,
      (session) => {
        const shown = path(session);
        const index = shown.findIndex((m) => m.id === messageId && m.role === "user");
        if (index < 0) return null;
        return showLeaf(session, shown[index - 1]?.id ?? null, this.ports.env);
      },
      { text, attachments },
    );
  }

  /**
   * Claims the run first (a conversation answering in another tab is left alone), then applies
   * `replace` and runs with `input`. When the run ends without any answer text (an error, a
   * refusal, Stop), the conversation goes back to what it was and the error stays in `failures`.
   */
  runReplacing(sessionId: string, replace: Replace, input: TurnInput): Promise<SendResult> {
    return this.run(sessionId, input, replace);
  }

  stop(sessionId: string): void {
    this.controllers.get(sessionId)?.abort();
  }

  /** Stops every run (the page is being left): their answers are kept as interrupted. */
  stopAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
  }

  /** Writes every waiting checkpoint now (the page is being hidden or left). */
  flushCheckpoints(): void {
    this.checkpoints.flushNow();
  }

  dismissFailure(sessionId: string): void {
    this.access.setState((s) => {
      const { [sessionId]: _gone, ...failures } = s.failures;
      return { failures };
    });
  }

  dispose(): void {
    this.stopWatching();
    this.checkpoints.dispose();
  }

  private fail(id: string, detail: string): void {
    this.access.setState((s) => ({ failures: { ...s.failures, [id]: failureOf(detail) } }));
  }

  /** The running answer grew: keep it on disk (at most about once a second). */
  private checkpoint(sessionId: string): void {
    const message = streamingCheckpoint(this.access.getState(), sessionId);
    if (message) this.checkpoints.note(sessionId, message);
  }

  private async run(
    id: string,
    input: TurnInput,
    replace?: Replace,
    continuing = false,
  ): Promise<SendResult> {
    const { getState: get, setState: set } = this.access;
    const { sessions, env } = this.ports;
    const refused = (error: SendFailure): SendResult => failed(error);
    /** The failure this run recorded, or `otherwise` when it recorded none. */
    const recorded = (otherwise: SendFailure): SendResult => {
      const failure = get().failures[id];
      return refused(failure ? { code: "run_failed", failure } : otherwise);
    };
    let stages: AgentConfig[];
    let partial: Message | undefined;
    let firstAnswer = false;
    try {
      const session = await sessions.load(id);
      if (!session) return refused({ code: "session_gone" });
      firstAnswer = !session.messages.some(isAnswer);
      if (get().runs[id]) return refused({ code: "already_running" });
      stages = stagesFor(this.access.getState(), session);
      if (continuing) {
        partial = path(session).at(-1);
        if (!partial || !canContinue(partial)) return refused({ code: "nothing_to_replace" });
        stages = continuingStages(stages, partial);
      }
    } catch (error) {
      this.fail(id, messageOf(error));
      return recorded({ code: "session_gone" });
    }
    const [agent] = stages;
    if (!agent) {
      set((s) => ({
        failures: { ...s.failures, [id]: { retryable: true, code: "no_agent" } },
      }));
      return recorded({ code: "session_gone" });
    }
    const claim = await this.ports.claims.claim(id).catch((error: unknown) => {
      this.fail(id, messageOf(error));
      return undefined;
    });
    if (!claim) return recorded({ code: "already_running" });
    if (get().runs[id]) {
      claim.release();
      return refused({ code: "already_running" });
    }
    const controller = new AbortController();
    this.controllers.set(id, controller);
    set((s) => {
      const { [id]: _cleared, ...failures } = s.failures;
      const run = {
        agent: agent.name,
        model: agent.model,
        streaming: partial ? { messageId: partial.id, text: partial.content } : null,
        startedAt: env.clock.now(),
      };
      return { failures, runs: { ...s.runs, [id]: run } };
    });
    const progress: RunProgress = { userMessageId: null, answered: false, stateChanged: false };
    const onEvent = runEventHandler(
      {
        access: this.access,
        env,
        commit: (session, change) => sessions.commit(session, change),
        checkpoint: (sessionId) => this.checkpoint(sessionId),
        frames: this.ports.frames,
      },
      id,
      progress,
    );
    let dropped: Dropped | undefined;
    try {
      if (replace) {
        const current = await sessions.load(id);
        const replaced = current ? replace(current) : null;
        if (!current || !replaced)
          return refused({ code: current ? "nothing_to_replace" : "session_gone" });
        if (replaced !== current) {
          // Only the shown leaf moved; what the run adds goes after every stored message.
          await sessions.commit(replaced, { kind: "head" });
          dropped = { before: current, from: current.messages.length };
        }
      }
      for (const [index, stage] of stages.entries()) {
        const current = await sessions.load(id);
        if (!current || controller.signal.aborted) break;
        patchRun(set, id, { agent: stage.name, model: stage.model });
        const context = {
          ...(await fittingFor(this.ports.context, id, stage, current)),
          model: this.ports.model,
          clock: env.clock,
          randomBytes: env.randomBytes,
          ...(this.ports.tools ? { tools: this.ports.tools } : {}),
          ...(this.ports.readImage ? { readImage: this.ports.readImage } : {}),
          signal: controller.signal,
          onEvent,
        };
        const loop = await this.ports.agentLoop();
        const turn = continuing
          ? await loop.continueAnswer(stage, current, context)
          : await loop.runTurn(stage, current, index === 0 ? input : null, context);
        if (turn.final !== null) progress.answered = true;
        else break;
      }
    } catch (error) {
      this.fail(id, messageOf(error));
    } finally {
      onEvent.flush();
      if (dropped && !progress.answered) {
        const trouble = await putBack(this.access, sessions, env, dropped, progress);
        if (trouble !== null) this.fail(id, trouble);
      }
      claim.release();
      this.checkpoints.end(id);
      this.controllers.delete(id);
      set((s) => {
        const { [id]: _done, ...runs } = s.runs;
        return { runs };
      });
    }
    if (firstAnswer && progress.answered && !controller.signal.aborted)
      void this.ports.titles?.afterFirstAnswer(id, agent.model);
    const userId = progress.userMessageId;
    const saved =
      userId !== null && Boolean(get().bodies[id]?.messages.some((m) => m.id === userId));
    if (saved || input === null) return ok(undefined);
    return recorded({ code: "session_gone" });
  }
}
