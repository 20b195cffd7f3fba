import type { StateCreator } from "zustand";
import { setMetadata } from "../core/session-ops.ts";
import type { StoreDeps } from "./deps.ts";
import type { SessionsSlice } from "./sessions-slice.ts";

export interface PinSlice {
  /** Pinned conversations come first in the sidebar. */
  pinSession(id: string, pinned: boolean): Promise<void>;
}

type Host = PinSlice & Pick<SessionsSlice, "bodies" | "commitSession">;

export const createPinSlice =
  (deps: Pick<StoreDeps, "env" | "repository">): StateCreator<Host, [], [], PinSlice> =>
  (_set, get) => ({
    async pinSession(id, pinned) {
      const session = get().bodies[id] ?? (await deps.repository.open(id));
      if (!session || (session.metadata.pinned === true) === pinned) return;
      const { pinned: _old, ...rest } = session.metadata;
      await get().commitSession(
        setMetadata(session, pinned ? { ...rest, pinned: true } : rest, deps.env),
      );
    },
  });
