interface Bucket {
  tokens: number;
  at: number;
}

const MAX_CLIENTS = 10_000;

/** Takes one request from a client's allowance; `waitSeconds` says when the next one is allowed. */
export type RateLimiter = (client: string) => { ok: true } | { ok: false; waitSeconds: number };

/**
 * A token bucket per client (its address): `burst` requests at once, refilled at `perMinute`.
 * Each replica counts its own clients; `perMinute` 0 turns the limit off.
 */
export function rateLimiter(perMinute: number, burst: number, now: () => number): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const perMs = perMinute / 60_000;
  return (client) => {
    if (perMinute <= 0) return { ok: true };
    const t = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at: t };
    bucket.tokens = Math.min(burst, bucket.tokens + (t - bucket.at) * perMs);
    bucket.at = t;
    if (bucket.tokens < 1)
      return { ok: false, waitSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    bucket.tokens -= 1;
    buckets.delete(client);
    buckets.set(client, bucket);
    if (buckets.size > MAX_CLIENTS) {
      const oldest = buckets.keys().next().value;
      if (oldest !== undefined) buckets.delete(oldest);
    }
    return { ok: true };
  };
}
