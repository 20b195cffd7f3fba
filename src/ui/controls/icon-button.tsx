import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes, Ref } from "react";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children"> {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: LucideIcon;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button shown as an icon, named by `label`, which the page's tooltip (`tooltip-layer.tsx`)
 * shows on hover and keyboard focus.
 */
export function IconButton({ label, icon: Icon, className, ref, ...rest }: IconButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      data-tooltip={label}
      className={className ? `icon-button ${className}` : "icon-button"}
      {...rest}
    >
      <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
    </button>
  );
}
