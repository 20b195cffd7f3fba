import { type RefObject, useEffect } from "react";

/**
 * Closes an open popover on Escape or a press outside `boxRef`. Escape is caught before the
 * page's own handlers and marked handled, so it does not also stop a running answer; focus then
 * goes back to `buttonRef`, the control that opened it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  boxRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.isComposing || e.defaultPrevented) return;
      e.preventDefault();
      close();
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && boxRef.current?.contains(e.target)) return;
      close();
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("pointerdown", onPointer, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("pointerdown", onPointer, true);
    };
  }, [open, close, boxRef, buttonRef]);
}
