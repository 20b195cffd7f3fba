import { useSyncExternalStore } from "react";

// The menus' and the tooltips' code (Radix's menu, its focus and dismissal layers, floating-ui)
// is about 30 kB of gzip that painting the first screen does not need: the buttons that open them
// are plain buttons of the initial script, and this chunk loads once the page is idle
// (`main.tsx`), or at the first press of a menu's button if that comes sooner
// (docs/performance.md, Initial JavaScript).
type Module = typeof import("./overlays.ts");
interface Overlays {
  MenuPanel: Module["MenuPanel"];
  TooltipLayer: Module["TooltipLayer"];
}

let loading: Promise<Overlays> | undefined;
let loaded: Overlays | undefined;
const listeners = new Set<() => void>();

/** Loads the menus' and tooltips' chunk once; a failed load (offline, never cached) may be retried. */
export function loadOverlays(): Promise<Overlays> {
  loading ??= import("./overlays.ts").then(
    ({ MenuPanel, TooltipLayer }) => {
      const module = { MenuPanel, TooltipLayer };
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the chunk (when the page is idle), so the first menu opens without waiting. */
export function preloadOverlays(): void {
  void loadOverlays().catch(() => undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The chunk once it has arrived; until then `undefined` (and on a server). */
export function useOverlays(): Overlays | undefined {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => undefined,
  );
}

/** The page's one tooltip, shown for any element with `data-tooltip` once the chunk is here. */
export function Tooltips() {
  const overlays = useOverlays();
  return overlays ? <overlays.TooltipLayer /> : null;
}
