import type { SendFailure } from "../runs/send-text.ts";

/** Why a message was not sent: what the run coordinator said, or an error nobody expected. */
export type UnsentReason = SendFailure | { code: "failed"; detail: string };

/** A message that was not saved, with why: it goes back into the composer of its conversation. */
export interface UnsentText {
  text: string;
  failure: UnsentReason;
}

/**
 * Messages waiting to go back into a composer, by conversation: one the store did not save, or
 * an edited message whose Edit and send again failed (its form is closed by then). The first
 * message of a new chat is sent from the start screen's composer, which is gone once the chat
 * opens, so the text waits here for the chat's own composer. Runtime only.
 */
export class UnsentTexts {
  private readonly waiting = new Map<string, UnsentText>();
  private readonly listeners = new Set<() => void>();

  /** Keeps `unsent` for the conversation; a second one is added below the first. */
  putBack(sessionId: string, unsent: UnsentText): void {
    const earlier = this.waiting.get(sessionId);
    this.waiting.set(
      sessionId,
      earlier ? { text: `${earlier.text}\n${unsent.text}`, failure: unsent.failure } : unsent,
    );
    for (const listener of [...this.listeners]) listener();
  }

  /** The text waiting for this conversation, removed so only one composer takes it. */
  take(sessionId: string): UnsentText | undefined {
    const unsent = this.waiting.get(sessionId);
    this.waiting.delete(sessionId);
    return unsent;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
