import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { errorResponse, proxyError } from "../errors.ts";

const encoder = new TextEncoder();

/** Compares in time that depends only on the lengths, so the token cannot be guessed byte by byte. */
function sameSecret(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** With `PARLEY_ACCESS_TOKEN` set, every request needs `Authorization: Bearer <token>` (401 otherwise). */
export function accessToken(token: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (token === undefined || c.req.method === "OPTIONS") return next();
    const header = c.req.header("authorization") ?? "";
    const given = /^Bearer\s+(\S+)\s*$/iu.exec(header)?.[1];
    if (given !== undefined && sameSecret(given, token)) return next();
    c.get("access").fields.error = "unauthorized";
    const message =
      given === undefined
        ? "This proxy needs an access token. Enter it in Settings (it is the server's PARLEY_ACCESS_TOKEN; ask whoever runs the server)."
        : "The access token is wrong. Check it in Settings against the server's PARLEY_ACCESS_TOKEN.";
    return errorResponse(proxyError("unauthorized", 401, message), {
      "www-authenticate": 'Bearer realm="parley"',
    });
  };
}
