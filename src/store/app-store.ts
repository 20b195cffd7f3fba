import { createStore, type StoreApi } from "zustand/vanilla";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { createRunSlice } from "./run-slice.ts";
import { createSessionsSlice } from "./sessions-slice.ts";
import { createSettingsSlice } from "./settings-slice.ts";

export type AppStore = StoreApi<AppState>;

/** The one store, built from slices, with its I/O passed in. */
export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createSessionsSlice(deps)(...a),
    ...createRunSlice(deps)(...a),
    ...createSettingsSlice(deps)(...a),
  }));
}
