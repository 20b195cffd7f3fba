import { ConfigError } from "./config/config-error.ts";

/**
 * The policy the built app is served with, so that a renderer bug cannot become script
 * execution or a request to another site. Scripts, styles, workers and fetches come only from
 * the app's own origin (it calls nothing but `/v1/...` and `/healthz`); no inline script or
 * style element. Images may come from anywhere over http(s), and from `data:` and `blob:`
 * (attachments): the markdown renderer loads a remote image only after a click, which is the
 * guard; CSP cannot tell which hosts a user will allow. React's `style` props are set through
 * the CSSOM, which `style-src` does not govern. Public/_headers carries the same text for
 * Workers Assets (a test keeps them equal).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The policy with CouchDB sync servers (`PARLEY_SYNC_ORIGINS`, comma-separated origins such as
 * `https://couch.example.com`) added to `connect-src`: the page may call them and nothing else.
 * A value that is not an http(s) origin is refused, so a typo cannot open the policy wider.
 */
export function policyWithSyncOrigins(value: string | undefined): string {
  const origins = (value ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter((o) => o !== "");
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin)
      throw new ConfigError(
        `PARLEY_SYNC_ORIGINS: "${origin}" is not an origin; give scheme, host and port only, e.g. https://couch.example.com`,
      );
  }
  if (origins.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace(
    "connect-src 'self'",
    `connect-src 'self' ${origins.join(" ")}`,
  );
}
