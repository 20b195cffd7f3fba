import { useEffect, useState } from "react";

/** A module loaded on first use, then at hand at once. */
export interface LazyModule<T> {
  /** The module when loaded, else null. */
  current(): T | null;
  /** True when its file could not be loaded. */
  failed(): boolean;
  start(): Promise<T>;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | null = null;
  let failed = false;
  let loading: Promise<T> | null = null;
  return {
    current: () => loaded,
    failed: () => failed,
    start() {
      loading ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The module when loaded, else null and a render again once it is: a row that comes back into
 * view renders with it at once, without waiting.
 */
export function useLazyModule<T>(module: LazyModule<T>): T | null {
  const [, loadedNow] = useState(0);
  useEffect(() => {
    if (module.current() || module.failed()) return;
    let live = true;
    const again = () => live && loadedNow((n) => n + 1);
    module.start().then(again, again);
    return () => {
      live = false;
    };
  }, [module]);
  return module.current();
}
