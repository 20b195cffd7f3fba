import type { ReactNode } from "react";

interface MessageActionBarProps {
  /** The versions of this message (`Version N of M` with Previous and Next), when it has several. */
  versions?: ReactNode;
  /** The icon buttons: Copy, Edit, Regenerate or Retry, Fork. */
  children: ReactNode;
}

/**
 * The row of icon buttons under a message. It shows on hover and focus (always on touch screens),
 * so a finished conversation reads as text rather than as rows of controls.
 */
export function MessageActionBar({ versions, children }: MessageActionBarProps) {
  return (
    <div className="message-actions">
      {versions}
      {children}
    </div>
  );
}
