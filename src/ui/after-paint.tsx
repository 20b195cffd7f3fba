import { type ReactNode, useEffect, useState } from "react";
import { afterNextPaint } from "./next-paint.ts";

/**
 * Mounts `children` in the first task after the page has painted, showing `placeholder` until
 * then: for what the first screen shows but nobody uses in its first frame (the context meter
 * counts the start screen's request, about 25 ms at a cold start), so the sidebar is ready first.
 */
export function AfterPaint({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterNextPaint(() => setReady(true)), []);
  return ready ? children : placeholder;
}
