import * as Menu from "@radix-ui/react-dropdown-menu";
import type { LucideIcon } from "lucide-react";
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
 * A menu of actions behind one icon button. An action runs after the menu has closed and given
 * focus back to its button, so a dialog it opens returns focus there, and a field it shows keeps it.
 */
export function ActionMenu({ label, icon, actions }: ActionMenuProps) {
  return (
    // Not modal: a modal menu hides the whole app (aria-hidden) while focus stays inside it.
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <IconButton label={label} icon={icon} className="menu-trigger" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
          {actions.map(({ label: name, icon: Icon, onSelect, disabled, danger }) => (
            <Menu.Item
              key={name}
              className={danger ? "menu-item danger" : "menu-item"}
              disabled={disabled}
              onSelect={() => setTimeout(onSelect, 0)}
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
