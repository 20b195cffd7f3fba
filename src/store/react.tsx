import { createContext, type ReactNode, useContext } from "react";
import { useStore } from "zustand";
import type { AppState } from "./app-state.ts";
import type { AppStore } from "./app-store.ts";

const StoreContext = createContext<AppStore | null>(null);

export function StoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useAppStoreApi(): AppStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("useAppStore needs a <StoreProvider> above it.");
  return store;
}

/** Reads the store through a selector; re-renders only when the selected value changes. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(useAppStoreApi(), selector);
}
