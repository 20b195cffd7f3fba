import type { LucideIcon } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { IconButton } from "./icon-button.tsx";
import { loadOverlays, preloadOverlays, useOverlays } from "./lazy-overlays.tsx";
import type { MenuAction } from "./menu-action.ts";

interface ActionMenuProps {
  /** The trigger's accessible name and tooltip: `More`, `Conversation actions`. */
  label: string;
  icon: LucideIcon;
  actions: readonly MenuAction[];
}

/**
 * A menu of actions behind one icon button. The button is drawn by the initial script and acts
 * as Radix's dropdown trigger does (a press or Enter or Space toggles the menu, ArrowDown opens
 * it); the menu itself (`menu-panel.tsx`) comes with the chunk of `lazy-overlays.tsx`, loaded
 * when the page is idle, or now if the button is pressed before that.
 */
export function ActionMenu({ label, icon, actions }: ActionMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const byKeyboard = useRef(false);
  const [wanted, setWanted] = useState(false);
  const overlays = useOverlays();
  const triggerId = useId();
  const contentId = useId();
  // Until the menu's code is here it is not open, whatever was asked.
  const open = wanted && overlays !== undefined;
  const ask = (next: boolean, keyboard: boolean) => {
    byKeyboard.current = keyboard;
    setWanted(next);
    if (next && !overlays) void loadOverlays().catch(() => setWanted(false));
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || event.ctrlKey) return;
    ask(!open, false);
    // The menu takes the focus, not the button.
    if (!open) event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "Enter" || event.key === " ") ask(!open, true);
    else if (event.key === "ArrowDown") ask(true, true);
    else return;
    event.preventDefault();
  };
  return (
    <>
      <IconButton
        ref={trigger}
        id={triggerId}
        label={label}
        icon={icon}
        className="menu-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        data-state={open ? "open" : "closed"}
        // Reached before the page was idle: the menu's code starts loading before the press.
        onPointerEnter={overlays ? undefined : preloadOverlays}
        onFocus={overlays ? undefined : preloadOverlays}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      {overlays && (
        <overlays.MenuPanel
          open={open}
          onOpenChange={setWanted}
          trigger={trigger}
          triggerId={triggerId}
          contentId={contentId}
          byKeyboard={byKeyboard}
          actions={actions}
        />
      )}
    </>
  );
}
