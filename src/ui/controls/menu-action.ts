import type { LucideIcon } from "lucide-react";

/** One item of an `ActionMenu`. */
export interface MenuAction {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  disabled?: boolean;
  /** Drawn in the danger colour (Delete). */
  danger?: boolean;
}
