import { useAppStoreApi } from "../store/react.tsx";
import { compareSummaries } from "../store/selectors.ts";
import { useGlobalShortcuts } from "./shortcuts/use-global-shortcuts.ts";
import { useServices } from "./use-services.tsx";

export const COMPOSER_ID = "composer-input";
export const SEARCH_ID = "conversation-search";

const focusById = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** Wires the keyboard shortcuts of the help dialog to the store and the page. */
export function useAppShortcuts(ui: { openHelp(): void; openDrawer(): void }) {
  const store = useAppStoreApi();
  const { sessions, runs, navigation } = useServices();
  useGlobalShortcuts({
    search() {
      ui.openDrawer();
      focusById(SEARCH_ID);
    },
    async newChat() {
      navigation.navigateTo(await sessions.newSession());
      focusById(COMPOSER_ID);
    },
    help: ui.openHelp,
    previous: () => step(-1),
    next: () => step(1),
    stop() {
      const { activeId, runs: running } = store.getState();
      if (activeId && running[activeId]) runs.stop(activeId);
    },
  });

  function step(delta: number) {
    const { summaries, activeId } = store.getState();
    const ids = Object.values(summaries)
      .sort(compareSummaries)
      .map((s) => s.id);
    if (ids.length === 0) return;
    const at = activeId ? ids.indexOf(activeId) : -1;
    const next = ids[Math.min(ids.length - 1, Math.max(0, at + delta))];
    if (next && next !== activeId) navigation.navigateTo(next);
  }
}
