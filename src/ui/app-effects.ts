import { useEffect } from "react";
import { useAppStore } from "../store/react.tsx";
import { useLocale } from "./i18n/use-t.ts";
import { idFromPath, onNavigate } from "./navigation.ts";

/** The address names the open conversation: follow it on load, on navigation and on back/forward. */
export function useRouting() {
  const ready = useAppStore((s) => s.ready);
  const openSession = useAppStore((s) => s.openSession);
  useEffect(() => {
    if (!ready) return;
    const follow = () => void openSession(idFromPath(window.location.pathname));
    follow();
    const stop = onNavigate((id) => void openSession(id));
    window.addEventListener("popstate", follow);
    return () => {
      stop();
      window.removeEventListener("popstate", follow);
    };
  }, [ready, openSession]);
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
