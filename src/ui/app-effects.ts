import { useEffect } from "react";
import { useAppStore, useAppStoreApi } from "../store/react.tsx";
import { useLocale, useT } from "./i18n/use-t.ts";
import { useServices } from "./use-services.tsx";

/** The address names the open conversation: follow it on load, on navigation and on back/forward. */
export function useRouting() {
  const ready = useAppStore((s) => s.ready);
  const { sessions, navigation } = useServices();
  const store = useAppStoreApi();
  useEffect(() => {
    if (!ready) return;
    const follow = () => {
      const id = navigation.current();
      void sessions.open(id);
      // A conversation that is not there (a new chat nobody used, before a reload): the start.
      if (id !== null && store.getState().activeId !== id) navigation.navigateTo(null, true);
    };
    follow();
    const stop = navigation.subscribe((id) => void sessions.open(id));
    window.addEventListener("popstate", follow);
    return () => {
      stop();
      window.removeEventListener("popstate", follow);
    };
  }, [ready, sessions, navigation, store]);
  useAddressFollowsRemoval();
}

/**
 * The open conversation was deleted (here or in another tab): the address goes back to `/`
 * instead of naming it; if it comes back (Undo) while no other one was opened, it opens again.
 */
function useAddressFollowsRemoval() {
  const store = useAppStoreApi();
  const { navigation } = useServices();
  useEffect(() => {
    let closed: string | null = null;
    return store.subscribe((state, previous) => {
      const shown = navigation.current();
      if (state.activeId !== null) {
        closed = null;
      } else if (previous.activeId !== null && shown === previous.activeId) {
        if (state.summaries[shown]) return;
        closed = shown;
        navigation.navigateTo(null, true);
      } else if (
        closed &&
        shown === null &&
        state.summaries[closed] &&
        !previous.summaries[closed]
      ) {
        const back = closed;
        closed = null;
        navigation.navigateTo(back, true);
      }
    });
  }, [store, navigation]);
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

/** The tab is named for the open conversation (the app's name when none is open). */
export function useDocumentTitle() {
  const t = useT();
  const title = useAppStore((s) =>
    s.activeId ? (s.summaries[s.activeId]?.title ?? "") || t("untitled") : "",
  );
  const app = t("appName");
  useEffect(() => {
    document.title = title || app;
  }, [title, app]);
}

/**
 * The page is as tall as what the visual viewport shows, so an on-screen keyboard shrinks the
 * page instead of covering the composer (`--app-height`, read by frame.css).
 */
export function useVisualViewport() {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const follow = () => root.style.setProperty("--app-height", `${viewport.height}px`);
    follow();
    viewport.addEventListener("resize", follow);
    return () => {
      viewport.removeEventListener("resize", follow);
      root.style.removeProperty("--app-height");
    };
  }, []);
}
