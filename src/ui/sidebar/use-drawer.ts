import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

/** The width below which the sidebar is a drawer over the page (as in layout.css). */
const NARROW = "(max-width: 760px)";

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const isNarrow = () => window.matchMedia(NARROW).matches;

const FOCUSABLE = "button:not([disabled]), input:not([disabled]), a[href]";

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(drawer: HTMLElement, e: KeyboardEvent) {
  const controls = [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const leaving = !drawer.contains(active) || active === (e.shiftKey ? first : last);
  if (!leaving) return;
  e.preventDefault();
  (e.shiftKey ? last : first).focus();
}

/**
 * The conversations drawer of narrow screens, as a modal: opening it moves focus in and makes
 * the page behind inert; Escape closes it from anywhere (before it could stop a running
 * answer); closing it gives focus back to the menu button.
 */
export function useDrawer() {
  const [open, setOpen] = useState(false);
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const drawerRef = useRef<HTMLElement>(null);
  const menuRef = useRef<HTMLButtonElement>(null);
  const modal = open && narrow;
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!modal) return;
    const drawer = drawerRef.current;
    // The drawer's visibility changes with a transition: it is still hidden (so it cannot take
    // focus) at the transition's first frame, so try again on the next few frames.
    let frame = 0;
    let tries = 0;
    const focusIn = () => {
      if (!drawer || drawer.contains(document.activeElement)) return;
      drawer.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      if (!drawer.contains(document.activeElement) && ++tries < 30)
        frame = requestAnimationFrame(focusIn);
    };
    frame = requestAnimationFrame(focusIn);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      if (e.key === "Escape") {
        e.preventDefault();
        setOpen(false);
      } else if (e.key === "Tab" && drawer) {
        keepTabInside(drawer, e);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("keydown", onKey);
      const focused = document.activeElement;
      if (focused === null || focused === document.body || drawer?.contains(focused))
        menuRef.current?.focus();
    };
  }, [modal]);

  return { open, setOpen, close, modal, drawerRef, menuRef };
}
