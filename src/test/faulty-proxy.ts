import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy answers instead of passing a request on: a status, or a status and a body. */
export type Fault = number | { status: number; body: unknown };

/**
 * Proxies in front of the sync server that answer chosen requests themselves, as a
 * misconfigured or failing server would. A disposed device's PouchDB still sends a request now
 * and then (a cancelled replication's retry), and leaves its failure unhandled: so the proxies
 * answer until `close` at the end of the file, which does not reset what is under way.
 */
export function faultyProxies() {
  const proxies: Server[] = [];
  /**
   * A proxy to `target` that answers a request with `fault(request, body)` (undefined: passed
   * on); a bare status answers CouchDB's error JSON.
   */
  async function faultyProxy(
    target: string,
    fault: (request: IncomingMessage, body: Buffer) => Fault | undefined,
  ): Promise<string> {
    const proxy: Server = createServer(async (request, response) => {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        const answer = fault(request, body);
        if (answer !== undefined) {
          const { status, body: json } =
            typeof answer === "number"
              ? { status: answer, body: { error: "fault", reason: `test fault ${answer}` } }
              : answer;
          response.writeHead(status, { "content-type": "application/json" });
          response.end(JSON.stringify(json));
          return;
        }
        const upstream = await fetch(new URL(request.url ?? "/", target), {
          method: request.method ?? "GET",
          headers: { "content-type": request.headers["content-type"] ?? "application/json" },
          ...(chunks.length ? { body } : {}),
        });
        response.writeHead(upstream.status, { "content-type": "application/json" });
        response.end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        response.destroy();
      }
    });
    // As the sync server: a client busy past Node's 5 s idle limit would reuse a closed socket.
    proxy.keepAliveTimeout = 600_000;
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxies.push(proxy);
    return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }
  const close = () => {
    for (const proxy of proxies.splice(0)) {
      proxy.close();
      proxy.closeIdleConnections();
    }
  };
  return { faultyProxy, close };
}
