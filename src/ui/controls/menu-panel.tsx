import * as Menu from "@radix-ui/react-menu";
import { type RefObject, useRef } from "react";
import type { MenuAction } from "./menu-action.ts";

interface MenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the menu: the menu's anchor, and where focus goes back to. */
  trigger: RefObject<HTMLButtonElement | null>;
  triggerId: string;
  contentId: string;
  /** Opened with Enter, Space or ArrowDown: the first item takes the focus. */
  byKeyboard: RefObject<boolean>;
  actions: readonly MenuAction[];
}

/**
 * The open menu of an `ActionMenu`: Radix's menu, anchored to a button the initial script drew
 * (`Menu.Anchor`'s `virtualRef`), which is what Radix's dropdown does with its own trigger. A
 * chosen action runs once the menu has closed and given focus back to its button, so a dialog it
 * opens returns focus there and a field it shows keeps it. (Running it on a timer after the
 * selection raced the menu's own focus return, which could land after a Rename field took the
 * focus and blur it closed.)
 */
export function MenuPanel({
  open,
  onOpenChange,
  trigger,
  triggerId,
  contentId,
  byKeyboard,
  actions,
}: MenuPanelProps) {
  const chosen = useRef<(() => void) | null>(null);
  const pressedOutside = useRef(false);
  return (
    // Not modal: a modal menu hides the whole app (aria-hidden) while focus stays inside it.
    <Menu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Menu.Anchor virtualRef={trigger} />
      <Menu.Portal>
        <Menu.Content
          id={contentId}
          aria-labelledby={triggerId}
          className="menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onEntryFocus={(event) => {
            // Radix knows a key opened the menu only if its menu was mounted before the key was
            // pressed, which one opened before this chunk arrived was not.
            if (!byKeyboard.current) return;
            event.preventDefault();
            document
              .getElementById(contentId)
              ?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
              ?.focus({ preventScroll: true });
          }}
          onInteractOutside={() => {
            pressedOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const run = chosen.current;
            const outside = pressedOutside.current;
            chosen.current = null;
            pressedOutside.current = false;
            // A press elsewhere leaves the focus where it went.
            if (outside && !run) return;
            trigger.current?.focus();
            run?.();
          }}
        >
          {actions.map(({ label, icon: Icon, onSelect, disabled, danger }) => (
            <Menu.Item
              key={label}
              className={danger ? "menu-item danger" : "menu-item"}
              disabled={disabled}
              onSelect={() => {
                chosen.current = onSelect;
              }}
            >
              <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
              {label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
