import type { StateCreator } from "zustand";
import { setMetadata } from "../core/session-ops.ts";
import type { StoreDeps } from "./deps.ts";
import type { SessionsSlice } from "./sessions-slice.ts";

export interface PinSlice {
  /** Pinned conversations come first in the sidebar. */
  pinSession(id: string, pinned: boolean): Promise<void>;
}

type Host = PinSlice & Pick<SessionsSlice, "loadSession" | "commitSession">;

export const createPinSlice =
  (deps: Pick<StoreDeps, "env">): StateCreator<Host, [], [], PinSlice> =>
  (_set, get) => ({
    async pinSession(id, pinned) {
      const session = await get().loadSession(id);
      if (!session || (session.metadata.pinned === true) === pinned) return;
      const { pinned: _old, ...rest } = session.metadata;
      await get().commitSession(
        setMetadata(session, pinned ? { ...rest, pinned: true } : rest, deps.env),
      );
    },
  });
