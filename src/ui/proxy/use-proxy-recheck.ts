import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { RunFailure } from "../../store/app-state.ts";
import { useAppStore } from "../../store/react.tsx";

/** A run failed because the proxy could not be reached (the connection failed or dropped). */
const unreachable = (f: RunFailure | undefined) =>
  f?.code === "unreachable" || f?.code === "connection_lost";

/**
 * Checks the proxy again at once when a request to it failed to connect, so the banner does not
 * wait for the next health check to say the proxy is gone. Each new failure counts, also one
 * that replaces an earlier failure of the same conversation.
 */
export function useProxyRecheck(): void {
  const queryClient = useQueryClient();
  const failures = useAppStore((s) => s.failures);
  const seen = useRef(failures);
  useEffect(() => {
    const before = seen.current;
    seen.current = failures;
    const fresh = Object.entries(failures).some(([id, f]) => f !== before[id] && unreachable(f));
    if (fresh) void queryClient.invalidateQueries({ queryKey: ["proxy"] });
  }, [failures, queryClient]);
}
