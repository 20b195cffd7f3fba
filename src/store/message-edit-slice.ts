import type { StateCreator } from "zustand";
import { removeMessages } from "../core/session-ops.ts";
import type { StoreDeps } from "./deps.ts";
import { type RunSlice, type SendResult, unsendable } from "./run-slice.ts";

export interface MessageEditSlice {
  /**
   * Replaces a user message and everything after it with `text`, then asks again. The run is
   * claimed before anything changes; if the new answer fails before any text arrives, the
   * conversation goes back to what it was (see `runReplacing`).
   */
  editAndResend(sessionId: string, messageId: string, text: string): Promise<SendResult>;
}

type Host = MessageEditSlice & Pick<RunSlice, "runReplacing">;

export const createMessageEditSlice =
  (deps: Pick<StoreDeps, "env">): StateCreator<Host, [], [], MessageEditSlice> =>
  (_set, get) => ({
    async editAndResend(sessionId, messageId, text) {
      const reason = unsendable(text);
      if (reason !== null) return { saved: false, reason };
      return get().runReplacing(
        sessionId,
        (session) => {
          const index = session.messages.findIndex((m) => m.id === messageId && m.role === "user");
          if (index < 0) return null;
          const dropped = session.messages.slice(index).map((m) => m.id);
          return removeMessages(session, dropped, deps.env);
        },
        text,
      );
    },
  });
