import { useEffect, useRef, useState } from "react";

/** `value`, updated at most once per `ms`: streaming text re-renders at a capped rate. */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const wait = last.current + ms - performance.now();
    clearTimeout(timer.current);
    if (wait <= 0) {
      last.current = performance.now();
      setShown(value);
      return;
    }
    timer.current = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(timer.current);
  }, [value, ms]);
  return shown;
}
