import type { ProxyLimits } from "../config/types.ts";

/** Why the proxy stopped an upstream request, when it did. */
export type StopReason = "client" | "idle" | "duration" | null;

/** An upstream response whose headers arrived; `close` must be called when its body is done with. */
export interface UpstreamConnection {
  response: Response;
  /** Call on every piece of body received: feeds the idle watchdog. */
  touch: () => void;
  /** Why the body stopped early, when the proxy stopped it. */
  stopReason: () => StopReason;
  close: () => void;
}

/** Why the proxy stopped an upstream request; plain values, as building an Error per request is costly. */
export const STOP = {
  client: Object.freeze({ stop: "client" }),
  connect: Object.freeze({ stop: "connect" }),
  idle: Object.freeze({ stop: "idle" }),
  duration: Object.freeze({ stop: "duration" }),
} as const;

/**
 * Watches the body of a response whose headers arrived, whatever its status: the request is
 * aborted after `idleTimeoutMs` without a piece, or `maxAnswerMs` in all (a stream of
 * keep-alive comments is never silent, yet must end). `close` releases the request.
 */
export function openConnection(
  response: Response,
  controller: AbortController,
  release: () => void,
  limits: ProxyLimits,
  now: () => number,
): UpstreamConnection {
  let last = now();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const check = () => {
    const quiet = now() - last;
    if (quiet >= limits.idleTimeoutMs) controller.abort(STOP.idle);
    else idleTimer = setTimeout(check, limits.idleTimeoutMs - quiet);
  };
  idleTimer = setTimeout(check, limits.idleTimeoutMs);
  const durationTimer = setTimeout(() => controller.abort(STOP.duration), limits.maxAnswerMs);
  return {
    response,
    touch: () => {
      last = now();
    },
    stopReason: () => {
      const reason = controller.signal.reason;
      if (reason === STOP.client) return "client";
      if (reason === STOP.idle) return "idle";
      return reason === STOP.duration ? "duration" : null;
    },
    close: () => {
      clearTimeout(idleTimer);
      clearTimeout(durationTimer);
      release();
      if (!controller.signal.aborted) controller.abort(STOP.client);
    },
  };
}
