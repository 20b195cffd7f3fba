import { createStore, type StoreApi } from "zustand/vanilla";
import { createAgentsSlice, memoryAgentRepository } from "./agents-slice.ts";
import type { AppState } from "./app-state.ts";
import type { StoreDeps } from "./deps.ts";
import { createImportSlice } from "./import-slice.ts";
import { createMessageEditSlice } from "./message-edit-slice.ts";
import { createPinSlice } from "./pin-slice.ts";
import { createRunSlice } from "./run-slice.ts";
import { createSearchSlice } from "./search-slice.ts";
import { createSessionsSlice } from "./sessions-slice.ts";
import { createSettingsSlice } from "./settings-slice.ts";
import { createStorageSlice } from "./storage-slice.ts";

export type AppStore = StoreApi<AppState>;

/** The one store, built from slices, with its I/O passed in. */
export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createSessionsSlice(deps)(...a),
    ...createRunSlice(deps)(...a),
    ...createSettingsSlice(deps)(...a),
    ...createAgentsSlice(deps, deps.agentRepository ?? memoryAgentRepository())(...a),
    ...createPinSlice(deps)(...a),
    ...createSearchSlice(deps)(...a),
    ...createMessageEditSlice(deps)(...a),
    ...createImportSlice(deps)(...a),
    ...createStorageSlice(deps)(...a),
  }));
}
