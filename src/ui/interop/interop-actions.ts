import { createContext, useContext } from "react";

/** What the menus can ask of import and export; `ImportExport` provides it. */
export interface InteropActions {
  exportChat: () => void;
  exportAll: () => void;
  exportSome: () => void;
  /** Opens the browser's file chooser of the Import file input. */
  chooseImport: () => void;
  canExportChat: boolean;
  canExportAll: boolean;
}

export const InteropActionsContext = createContext<InteropActions | null>(null);

export function useInteropActions(): InteropActions {
  const actions = useContext(InteropActionsContext);
  if (!actions) throw new Error("useInteropActions needs an ImportExport above it");
  return actions;
}
