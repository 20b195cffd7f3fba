import * as z from "zod/mini";
import type { ChangedMessages, RepositoryChange, AnnouncedChange as Wire } from "../repository.ts";

/** The channel other tabs of the same origin listen on (a BroadcastChannel in the browser). */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  close(): void;
}

export const CHANGES_CHANNEL = "parley-changes";

/** Tells this tab's listeners about its own commits, and other tabs about them too. */
export class ChangeFeed {
  private listeners = new Set<(change: RepositoryChange) => void>();

  constructor(private readonly channel?: TabChannel) {
    channel?.addEventListener("message", (event) => {
      const change = parseWire(event.data);
      if (change) this.emit({ ...change, remote: true });
    });
  }

  /**
   * `merged`: this tab's write included another tab's change, so its listeners re-read too.
   * `messages`: what the save changed, for this tab's listeners only (never merged ones).
   */
  publish(change: Wire, merged = false, messages?: ChangedMessages): void {
    const changed = change.type === "saved" && messages && !merged ? { messages } : {};
    this.emit({ ...change, remote: merged, ...changed });
    try {
      this.channel?.postMessage(change);
    } catch {
      // A closed channel (the page is going away) only means other tabs learn on their next read.
    }
  }

  subscribe(listener: (change: RepositoryChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.channel?.close();
  }

  private emit(change: RepositoryChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** What another tab may post on the channel; anything else is ignored. */
const wireSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("removed"), id: z.string() }),
  z.object({ type: z.literal("saved"), id: z.string(), revision: z.number() }),
]);

function parseWire(data: unknown): Wire | undefined {
  const parsed = wireSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
