import { autoUpdate, computePosition, flip, offset, shift } from "@floating-ui/dom";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** How long the pointer rests on a control before its tooltip shows. */
const OPEN_DELAY_MS = 300;
/** Within this long of a tooltip closing, the next one shows at once (moving along a toolbar). */
const WARM_MS = 300;
/** Time for the pointer to cross the gap between a control and its tooltip. */
const CLOSE_GRACE_MS = 100;

const targetOf = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null;

/**
 * The page's one tooltip: the words of `data-tooltip` on whatever control the pointer rests on
 * or the keyboard focused. Radix's tooltip, used before, wraps each control in its trigger, so it
 * had to be in the initial script with every button, and with it Radix's popper and floating-ui;
 * one tooltip listening to the document loads after the first paint with the menus
 * (`lazy-overlays.tsx`), and that stack (about 30 kB of gzip with the menus, measured in
 * docs/performance.md) left the initial script. It behaves as Radix's did: it shows after
 * 300 ms of hover or at once on keyboard focus, the pointer may move onto it, and a press,
 * Escape (which nothing else then handles), a scroll around the control or its leaving the page
 * closes it. The control's accessible name stays its own (`aria-label`); the tooltip repeats it.
 */
export function TooltipLayer() {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [text, setText] = useState("");
  const box = useRef<HTMLDivElement>(null);
  const shown = useRef<HTMLElement | null>(null);
  const hide = useRef(() => {});

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closedAt = Number.NEGATIVE_INFINITY;
    let byHover = false;
    const show = (next: HTMLElement | null, hover: boolean) => {
      clearTimeout(timer);
      if (shown.current && !next) closedAt = performance.now();
      shown.current = next;
      byHover = hover;
      setTarget(next);
    };
    const later = (next: HTMLElement | null, ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => show(next, true), ms);
    };
    const hoverOn = (over: HTMLElement) =>
      later(over, shown.current || performance.now() - closedAt < WARM_MS ? 0 : OPEN_DELAY_MS);
    hide.current = () => show(null, false);

    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const node = event.target;
      const over = targetOf(node);
      if (over === shown.current || (node instanceof Node && box.current?.contains(node)))
        clearTimeout(timer);
      else if (over) hoverOn(over);
      else if (byHover && shown.current) later(null, CLOSE_GRACE_MS);
      else clearTimeout(timer);
    };
    const onPointerOut = (event: PointerEvent) => {
      // Out of the window.
      if (event.relatedTarget === null && byHover) later(null, CLOSE_GRACE_MS);
    };
    const onFocusIn = (event: FocusEvent) => {
      const next = targetOf(event.target);
      if (next && event.target instanceof Element && event.target.matches(":focus-visible"))
        show(next, false);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (shown.current && targetOf(event.target) === shown.current) show(null, false);
    };
    const onPointerDown = () => show(null, false);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !shown.current || event.defaultPrevented) return;
      event.preventDefault();
      show(null, false);
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && shown.current && event.target.contains(shown.current))
        show(null, false);
    };
    // Already under the pointer or focused when this chunk arrived.
    const focused = document.activeElement;
    const hovered = [...document.querySelectorAll<HTMLElement>("[data-tooltip]:hover")].at(-1);
    if (focused && targetOf(focused) && focused.matches(":focus-visible"))
      show(targetOf(focused), false);
    else if (hovered) hoverOn(hovered);

    const listeners: [string, (event: never) => void][] = [
      ["pointerover", onPointerOver],
      ["pointerout", onPointerOut],
      ["focusin", onFocusIn],
      ["focusout", onFocusOut],
      ["pointerdown", onPointerDown],
      ["keydown", onKeyDown],
      ["scroll", onScroll],
    ];
    for (const [type, listener] of listeners)
      document.addEventListener(type, listener as EventListener, true);
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners)
        document.removeEventListener(type, listener as EventListener, true);
    };
  }, []);

  useLayoutEffect(() => {
    const tip = box.current;
    if (!target || !tip) return;
    setText(target.dataset.tooltip ?? "");
    const words = new MutationObserver(() => setText(target.dataset.tooltip ?? ""));
    words.observe(target, { attributes: true, attributeFilter: ["data-tooltip"] });
    const stop = autoUpdate(target, tip, () => {
      if (!target.isConnected) return hide.current();
      void computePosition(target, tip, {
        strategy: "fixed",
        placement: "top",
        middleware: [offset(4), flip(), shift({ padding: 4 })],
      }).then(({ x, y }) => {
        Object.assign(tip.style, { left: `${x}px`, top: `${y}px`, visibility: "visible" });
      });
    });
    return () => {
      stop();
      words.disconnect();
    };
  }, [target]);

  if (!target) return null;
  return createPortal(
    <div
      ref={box}
      role="tooltip"
      className="tooltip"
      style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }}
    >
      {text}
    </div>,
    document.body,
  );
}
