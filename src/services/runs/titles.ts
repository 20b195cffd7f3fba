import type { CoreEnv } from "../../core/env.ts";
import type { Message } from "../../core/message.ts";
import type { ModelClient } from "../../core/model.ts";
import { rename } from "../../core/session-ops.ts";
import { deriveTitle } from "../../core/title.ts";
import { path } from "../../core/tree.ts";
import type { SessionCache } from "../sessions/session-cache.ts";
import type { AgentLoop } from "./agent-loop.ts";

/** A complete answer in words (not a step that only calls tools). */
export const isAnswer = (m: Message) =>
  m.role === "assistant" &&
  (m.status ?? "complete") === "complete" &&
  (m.toolCalls ?? []).length === 0 &&
  m.content.trim() !== "";

/**
 * Gives a conversation a generated title after its first answer: one short request to the model
 * of its agent (the first of a pipeline), whose cleaned answer replaces the first-line title.
 * Only while the title is still that line (a rename, before or meanwhile, always wins), once per
 * conversation; a failure keeps the first line and says nothing.
 */
export class Titles {
  private readonly asked = new Set<string>();
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly ports: {
      sessions: Pick<SessionCache, "load" | "commit">;
      model: ModelClient;
      agentLoop(): Promise<Pick<AgentLoop, "askTitle">>;
      env: CoreEnv;
    },
  ) {}

  /**
   * The conversation `sessionId` has just had its first answer from `model`: asks for its title.
   * Resolves when the title is stored or kept; never rejects.
   */
  async afterFirstAnswer(sessionId: string, model: string): Promise<void> {
    if (this.asked.has(sessionId)) return;
    this.asked.add(sessionId);
    const controller = new AbortController();
    this.controllers.add(controller);
    try {
      const { sessions, env } = this.ports;
      const session = await sessions.load(sessionId);
      const shown = session ? path(session) : [];
      const question = shown.find((m) => m.role === "user");
      const answer = shown.findLast(isAnswer);
      const fallback = deriveTitle(question?.content ?? "");
      if (!session || !question || !answer || fallback === "" || session.title !== fallback) return;
      const loop = await this.ports.agentLoop();
      const title = await loop.askTitle(
        model,
        { question: question.content, answer: answer.content, fallback },
        {
          model: this.ports.model,
          clock: env.clock,
          randomBytes: env.randomBytes,
          signal: controller.signal,
        },
      );
      const now = title === null ? undefined : await sessions.load(sessionId);
      if (title === null || !now || now.title !== fallback || controller.signal.aborted) return;
      await sessions.commit(rename(now, title, env), { kind: "head" });
    } catch {
      // A title is a nicety: the first line stays, and storage reports its own faults.
    } finally {
      this.controllers.delete(controller);
    }
  }

  /** Stops the requests still running (the page is gone). */
  dispose(): void {
    for (const controller of this.controllers) controller.abort();
  }
}
