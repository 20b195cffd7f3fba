import * as Tooltip from "@radix-ui/react-tooltip";
import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes, Ref } from "react";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: LucideIcon;
  ref?: Ref<HTMLButtonElement>;
}

/** A button shown as an icon, named by `label`, which a tooltip shows on hover and focus. */
export function IconButton({ label, icon: Icon, className, ref, ...rest }: IconButtonProps) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            ref={ref}
            type="button"
            aria-label={label}
            className={className ? `icon-button ${className}` : "icon-button"}
            {...rest}
          >
            <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" sideOffset={4}>
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
