import { useEffect, useState } from "react";

/**
 * How many of `total` rows to render: `first` at once, then `step` more each animation frame.
 * A list of thousands then reaches the page in pieces the browser lays out between frames,
 * instead of one long task.
 */
export function useGrowingCount(total: number, first = 100, step = 150): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => setCount((c) => c + step));
    return () => cancelAnimationFrame(frame);
  }, [count, total, step]);
  return Math.min(count, total);
}
