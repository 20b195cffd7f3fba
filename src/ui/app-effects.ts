import { useEffect } from "react";
import { useAppStore, useAppStoreApi } from "../store/react.tsx";
import { useLocale } from "./i18n/use-t.ts";
import { idFromPath, navigateTo, onNavigate } from "./navigation.ts";

/** The address names the open conversation: follow it on load, on navigation and on back/forward. */
export function useRouting() {
  const ready = useAppStore((s) => s.ready);
  const openSession = useAppStore((s) => s.openSession);
  const store = useAppStoreApi();
  useEffect(() => {
    if (!ready) return;
    const follow = () => {
      const id = idFromPath(window.location.pathname);
      void openSession(id);
      // A conversation that is not there (a new chat nobody used, before a reload): the start.
      if (id !== null && store.getState().activeId !== id) navigateTo(null, true);
    };
    follow();
    const stop = onNavigate((id) => void openSession(id));
    window.addEventListener("popstate", follow);
    return () => {
      stop();
      window.removeEventListener("popstate", follow);
    };
  }, [ready, openSession, store]);
  useAddressFollowsRemoval();
}

/**
 * The open conversation was deleted (here or in another tab): the address goes back to `/`
 * instead of naming it; if it comes back (Undo) while no other one was opened, it opens again.
 */
function useAddressFollowsRemoval() {
  const store = useAppStoreApi();
  useEffect(() => {
    let closed: string | null = null;
    return store.subscribe((state, previous) => {
      const shown = idFromPath(window.location.pathname);
      if (state.activeId !== null) {
        closed = null;
      } else if (previous.activeId !== null && shown === previous.activeId) {
        if (state.summaries[shown]) return;
        closed = shown;
        navigateTo(null, true);
      } else if (
        closed &&
        shown === null &&
        state.summaries[closed] &&
        !previous.summaries[closed]
      ) {
        const back = closed;
        closed = null;
        navigateTo(back, true);
      }
    });
  }, [store]);
}

/** Language and theme live on `<html>`, so the whole page (and the browser's widgets) follow them. */
export function useDocumentSettings() {
  const locale = useLocale();
  const theme = useAppStore((s) => s.settings.theme);
  useEffect(() => {
    document.documentElement.lang = locale === "zh" ? "zh-CN" : "en";
  }, [locale]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
