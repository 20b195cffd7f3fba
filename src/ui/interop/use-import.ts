import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { ConflictChoice } from "../../interop/import-plan.ts";
import { useServices } from "../use-services.tsx";

/** The import service's flow and the step it is at; its worker stops when the import UI goes. */
export function useImport() {
  const { importer } = useServices();
  const { view, others } = useSyncExternalStore(importer.subscribe, importer.getSnapshot);
  useEffect(() => () => importer.close(), [importer]);
  const actions = useMemo(
    () => ({
      dismissOthers: () => importer.dismissOthers(),
      start: (files: readonly File[]) => importer.start(files),
      choose: (key: string | null, choice: ConflictChoice) => importer.choose(key, choice),
      commit: () => importer.commit(),
      cancel: () => importer.cancel(),
    }),
    [importer],
  );
  return { view, others, ...actions };
}
