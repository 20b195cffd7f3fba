import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { errorResponse, proxyError } from "../errors.ts";

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_CLIENTS = 10_000;

/**
 * A token bucket per client (its address): `burst` requests at once, refilled at `perMinute`.
 * Over the limit: 429 with `Retry-After`. Each replica counts its own clients.
 */
export function rateLimit(
  perMinute: number,
  burst: number,
  now: () => number,
): MiddlewareHandler<AppEnv> {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;
  return async (c, next) => {
    if (perMinute <= 0 || c.req.method !== "POST") return next();
    const client = c.get("client");
    const t = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + (t - bucket.at) * perMs);
    bucket.at = t;
    if (bucket.tokens < 1) {
      const wait = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      c.get("access").fields.error = "rate_limited";
      return errorResponse(
        proxyError(
          "rate_limited",
          429,
          `Too many requests from this client (the limit is ${perMinute} a minute). Wait ${wait} s and try again.`,
        ),
        { "retry-after": String(wait) },
      );
    }
    bucket.tokens -= 1;
    buckets.delete(client);
    buckets.set(client, bucket);
    if (buckets.size > MAX_CLIENTS) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
    return next();
  };
}
