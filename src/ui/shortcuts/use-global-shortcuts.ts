import { useEffect, useRef } from "react";

export interface ShortcutHandlers {
  search(): void;
  newChat(): void;
  help(): void;
  previous(): void;
  next(): void;
  stop(): void;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Which shortcut a key press is, if any. `?` only counts outside text fields. */
export function shortcutOf(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey" | "isComposing">,
  typing: boolean,
): keyof ShortcutHandlers | null {
  if (e.isComposing) return null;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.shiftKey && !e.altKey && key === "k") return "search";
  if (mod && e.shiftKey && !e.altKey && key === "o") return "newChat";
  if (e.altKey && !mod && e.key === "ArrowUp") return "previous";
  if (e.altKey && !mod && e.key === "ArrowDown") return "next";
  if (!typing && !mod && !e.altKey && e.key === "?") return "help";
  if (e.key === "Escape" && !mod && !e.altKey && !e.shiftKey) return "stop";
  return null;
}

/** App-wide keyboard shortcuts on `window`; the latest handlers are used without re-subscribing. */
export function useGlobalShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const which = shortcutOf(e, isTyping(e.target));
      if (!which) return;
      if (which === "stop" && document.querySelector("dialog[open]")) return;
      if (which !== "stop") e.preventDefault();
      latest.current[which]();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
