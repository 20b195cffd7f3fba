import { createContext, useContext } from "react";

/**
 * Whether the list around is being scrolled (it settles shortly after the last scroll event).
 * Rows can leave costly work, like syntax highlighting, until it settles.
 */
export const ScrollActivity = createContext(false);

export function useScrolling(): boolean {
  return useContext(ScrollActivity);
}
