/**
 * Calls `fn` in the first task after the next frame has been painted; the returned function
 * cancels it if it has not run yet.
 */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Calls `fn` once the next frame has been painted and the page is then idle (at most
 * `timeoutMs` later); the returned function cancels it if it has not run yet.
 */
export function idleAfterNextPaint(fn: () => void, timeoutMs = 500): () => void {
  let cancelIdle = () => {};
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(fn, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(fn, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
