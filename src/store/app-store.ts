import { createStore, type StoreApi } from "zustand/vanilla";
import type { AppState } from "./app-state.ts";

export type AppStore = StoreApi<AppState>;

/** The one store: plain state, changed only by the services it is handed to. */
export function createAppStore(initial: AppState): AppStore {
  return createStore<AppState>()(() => initial);
}
