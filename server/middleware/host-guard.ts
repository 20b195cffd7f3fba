import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { errorResponse, proxyError } from "../errors.ts";

/** Host names `/v1` answers on: `"any"`, or a list (empty: local names and IP addresses only). */
export type AllowedHosts = string[] | "any";

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/u;

/** The host name a request was sent to, lower-cased, without port or IPv6 brackets. */
export function hostnameOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/gu, "");
}

function isLocal(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    IPV4.test(hostname) ||
    hostname.includes(":")
  );
}

/** Whether `hostname` is allowed: listed exactly, under a listed `.domain`, or local. */
export function hostAllowed(hostname: string, allowed: AllowedHosts): boolean {
  if (allowed === "any" || isLocal(hostname)) return true;
  return allowed.some((entry) =>
    entry.startsWith(".")
      ? hostname === entry.slice(1) || hostname.endsWith(entry)
      : hostname === entry,
  );
}

/**
 * Refuses a request sent to a host name the server was not told about. A page on another
 * site can point its own name at 127.0.0.1 (DNS rebinding) and then look same-origin to the
 * browser; its requests still carry its own name in `Host`, which this check refuses.
 */
export function hostGuard(allowed: AllowedHosts): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (allowed === "any") return next();
    const hostname = hostnameOf(c.req.url);
    if (hostAllowed(hostname, allowed)) return next();
    c.get("access").fields.error = "host_not_allowed";
    return errorResponse(
      proxyError(
        "host_not_allowed",
        403,
        `This proxy does not answer requests sent to "${hostname}". If that is this server's own name, add it to PARLEY_ALLOWED_HOSTS (or allowedHosts in PARLEY_CONFIG) on the server.`,
      ),
    );
  };
}
