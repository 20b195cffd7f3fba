import { createContext, useContext } from "react";

/**
 * Asks the list around to leave its scroll position to the caller for the change about to come
 * (another version shown in place of the one on screen): a list that follows its end would
 * otherwise take a longer branch for new text and jump to its end. Returns the withdrawal, for
 * when nothing changed after all.
 */
export const KeepPlace = createContext<() => () => void>(() => () => {});

export function useKeepPlace(): () => () => void {
  return useContext(KeepPlace);
}
