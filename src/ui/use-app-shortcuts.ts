import { useAppStoreApi } from "../store/react.tsx";
import { compareSummaries } from "../store/summary.ts";
import { navigateTo } from "./navigation.ts";
import { useGlobalShortcuts } from "./shortcuts/use-global-shortcuts.ts";

export const COMPOSER_ID = "composer-input";
export const SEARCH_ID = "conversation-search";

const focusById = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** Wires the keyboard shortcuts of the help dialog to the store and the page. */
export function useAppShortcuts(ui: { openHelp(): void; openDrawer(): void }) {
  const store = useAppStoreApi();
  useGlobalShortcuts({
    search() {
      ui.openDrawer();
      focusById(SEARCH_ID);
    },
    async newChat() {
      navigateTo(await store.getState().newSession());
      focusById(COMPOSER_ID);
    },
    help: ui.openHelp,
    previous: () => step(-1),
    next: () => step(1),
    stop() {
      const { activeId, runs, stopRun } = store.getState();
      if (activeId && runs[activeId]) stopRun(activeId);
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
    if (next && next !== activeId) navigateTo(next);
  }
}
