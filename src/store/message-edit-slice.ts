import type { StateCreator } from "zustand";
import { removeMessages } from "../core/session-ops.ts";
import type { StoreDeps } from "./deps.ts";
import type { RunSlice } from "./run-slice.ts";
import type { SessionsSlice } from "./sessions-slice.ts";

export interface MessageEditSlice {
  /** Replaces a user message and everything after it with `text`, then asks again. */
  editAndResend(sessionId: string, messageId: string, text: string): Promise<void>;
}

type Host = MessageEditSlice &
  Pick<SessionsSlice, "loadSession" | "commitSession"> &
  Pick<RunSlice, "runs" | "send">;

export const createMessageEditSlice =
  (deps: Pick<StoreDeps, "env">): StateCreator<Host, [], [], MessageEditSlice> =>
  (_set, get) => ({
    async editAndResend(sessionId, messageId, text) {
      const session = await get().loadSession(sessionId);
      if (!session || get().runs[sessionId] || text.trim() === "") return;
      const index = session.messages.findIndex((m) => m.id === messageId && m.role === "user");
      if (index < 0) return;
      const dropped = session.messages.slice(index).map((m) => m.id);
      await get().commitSession(removeMessages(session, dropped, deps.env));
      await get().send(sessionId, text);
    },
  });
