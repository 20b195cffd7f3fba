import type { HttpBindings } from "@hono/node-server";

/** The client's address on Node: the socket's remote address. */
export function nodeClientAddress(_request: Request, env: unknown): string | undefined {
  return (env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
}
