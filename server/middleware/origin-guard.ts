import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import type { AppEnv } from "../context.ts";
import { errorResponse, proxyError } from "../errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Same-origin by default: a browser request another site makes (told by `Sec-Fetch-Site`) is
 * refused unless its origin is listed, so a web page cannot spend the server's key through a
 * visitor's browser. Listed origins get CORS headers.
 */
export function originGuard(allowed: string[]): MiddlewareHandler<AppEnv>[] {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    if ((site === "cross-site" || site === "same-site") && !(origin && allowed.includes(origin))) {
      c.get("access").fields.error = "cross_origin";
      return errorResponse(
        proxyError(
          "cross_origin",
          403,
          `Requests from ${origin ?? "another site"} are not allowed. To allow that origin, add it to PARLEY_CORS_ORIGINS (or corsOrigins in PARLEY_CONFIG) on the server.`,
        ),
      );
    }
    return next();
  };
  if (allowed.length === 0) return [guard];
  return [
    cors({
      origin: (origin) => (allowed.includes(origin) ? origin : null),
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: ["authorization", "content-type"],
      exposeHeaders: ["retry-after"],
      maxAge: 600,
    }),
    guard,
  ];
}
