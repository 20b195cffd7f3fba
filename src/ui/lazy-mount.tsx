import { type ReactNode, Suspense, useState } from "react";

/**
 * Mounts `children` (a lazily loaded dialog) the first time `open` is true and keeps it mounted
 * after, so the dialog's own closing and focus return work as if it had always been there, while
 * its code stays out of the JavaScript the page needs to start.
 */
export function LazyMount({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
