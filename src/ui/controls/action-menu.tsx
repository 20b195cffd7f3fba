import * as Menu from "@radix-ui/react-dropdown-menu";
import type { LucideIcon } from "lucide-react";
import { useRef } from "react";
import { IconButton } from "./icon-button.tsx";

export interface MenuAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
}

interface ActionMenuProps {
  /** The trigger's accessible name and tooltip: `More`, `Conversation actions`. */
  label: string;
  icon: LucideIcon;
  actions: readonly MenuAction[];
}

/**
 * A menu of actions behind one icon button. A chosen action runs once the menu has closed and
 * given focus back to its button, so a dialog it opens returns focus there and a field it shows
 * keeps it. (Running it on a timer after the selection raced the menu's own focus return, which
 * could land after a Rename field took the focus and blur it closed.)
 */
export function ActionMenu({ label, icon, actions }: ActionMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const chosen = useRef<(() => void) | null>(null);
  return (
    // Not modal: a modal menu hides the whole app (aria-hidden) while focus stays inside it.
    <Menu.Root modal={false}>
      <Menu.Trigger asChild ref={trigger}>
        <IconButton label={label} icon={icon} className="menu-trigger" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          className="menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={(event) => {
            const run = chosen.current;
            chosen.current = null;
            if (!run) return;
            event.preventDefault();
            trigger.current?.focus();
            run();
          }}
        >
          {actions.map(({ label: name, icon: Icon, onSelect, disabled, danger }) => (
            <Menu.Item
              key={name}
              className={danger ? "menu-item danger" : "menu-item"}
              disabled={disabled}
              onSelect={() => {
                chosen.current = onSelect;
              }}
            >
              <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
              {name}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
