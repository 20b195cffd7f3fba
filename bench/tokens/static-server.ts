import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * The policy the app is to be served with: scripts and workers from its own origin only, so a
 * `blob:` worker would be refused and the bench would see the counter fall back to estimates.
 */
export const CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; connect-src 'self'";

/** Serves `dir` on 127.0.0.1 at a free port, with {@link CSP} on every answer. */
export async function serveStatic(dir: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    const file = join(dir, path.endsWith("/") ? `${path}index.html` : path);
    try {
      if (!file.startsWith(dir)) throw new Error("outside");
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": TYPES[extname(file)] ?? "application/octet-stream",
        "content-security-policy": CSP,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
