import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
};

async function fileAt(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built client from `root`. Hashed files under `/assets/` are cached for a year;
 * everything else is revalidated. Unknown paths that are not files get `index.html` (the app routes them).
 * Every file goes out with the app's Content-Security-Policy.
 */
export function staticSite(
  root: string,
  policy: string = CONTENT_SECURITY_POLICY,
): (c: Context) => Promise<Response> {
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  return async (c) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") return c.text("Method not allowed", 405);
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text("Bad path", 400);
    }
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) return c.text("Not found", 404);
    let info = path.endsWith("/") ? null : await fileAt(file);
    let immutable = path.startsWith("/assets/");
    if (!info) {
      if (extname(path) !== "" && !path.endsWith(".html")) return c.text("Not found", 404);
      file = join(base, "index.html");
      info = await fileAt(file);
      immutable = false;
      if (!info)
        return c.text("The client is not built. Run `npm run build` (or `npm start`).", 503);
    }
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      etag,
      "last-modified": new Date(info.mtimeMs).toUTCString(),
      "x-content-type-options": "nosniff",
      "content-security-policy": policy,
    };
    if (c.req.header("if-none-match") === etag) return new Response(null, { status: 304, headers });
    headers["content-length"] = String(info.size);
    if (method === "HEAD") return new Response(null, { headers });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, { headers });
  };
}
