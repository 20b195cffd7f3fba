import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One request the fake upstream received. */
export interface UpstreamRecord {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown> | null;
  receivedAt: number;
  /** When the proxy closed the connection before the reply ended, else undefined. */
  abortedAt?: number;
  /**
   * Settles once the reply is over: `aborted` when the proxy closed the connection first,
   * `finished` when the whole reply was sent. Tests await it rather than sleeping and looking at
   * `abortedAt`, since on a busy machine the close can take longer than any short pause.
   */
  ended: Promise<"aborted" | "finished">;
}

/**
 * How the fake answers: a whole body, timed pieces (a number is a pause in ms, a promise a pause
 * until the test settles it), silence, a
 * start and then silence, or one piece again and again until the client leaves.
 */
export type Reply =
  | { status?: number; headers?: Record<string, string>; body?: string }
  | {
      status?: number;
      headers?: Record<string, string>;
      pieces: Array<string | number | Promise<void>>;
    }
  | { hang: true }
  | { status?: number; headers?: Record<string, string>; stallAfter: string }
  | { status?: number; headers?: Record<string, string>; repeat: string; everyMs: number };

export type Handler = (request: UpstreamRecord) => Reply | Promise<Reply>;

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: UpstreamRecord[];
  handle: (handler: Handler) => void;
  close: () => Promise<void>;
}

const SSE = { "content-type": "text/event-stream" };

/** A local HTTP server on an ephemeral port that replays recorded upstream answers. */
export async function startFakeUpstream(
  handler: Handler = () => ({ status: 404, body: "{}" }),
): Promise<FakeUpstream> {
  let current = handler;
  const requests: UpstreamRecord[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const body = Buffer.concat(parts).toString("utf8");
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {}
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers))
      headers[key] = Array.isArray(value) ? value.join(", ") : String(value);
    let settle: (how: "aborted" | "finished") => void = () => {};
    const record: UpstreamRecord = {
      method: req.method ?? "",
      path: req.url ?? "",
      headers,
      body,
      json,
      receivedAt: Date.now(),
      ended: new Promise((resolve) => {
        settle = resolve;
      }),
    };
    requests.push(record);
    res.on("close", () => {
      if (!res.writableFinished) record.abortedAt = Date.now();
      settle(res.writableFinished ? "finished" : "aborted");
    });
    const reply = await current(record);
    if ("hang" in reply) return;
    if ("stallAfter" in reply) {
      res.writeHead(reply.status ?? 200, reply.headers ?? SSE);
      res.write(reply.stallAfter);
      return;
    }
    if ("repeat" in reply) {
      res.writeHead(reply.status ?? 200, reply.headers ?? SSE);
      const timer = setInterval(() => res.write(reply.repeat), reply.everyMs);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(
      reply.status ?? 200,
      reply.headers ?? ("pieces" in reply ? SSE : { "content-type": "application/json" }),
    );
    if ("pieces" in reply) {
      for (const piece of reply.pieces) {
        if (res.destroyed) return;
        if (typeof piece === "number") await new Promise((r) => setTimeout(r, piece));
        else if (typeof piece !== "string") await piece;
        else if (!res.write(piece))
          // Like a real server, it writes no faster than the proxy reads.
          await new Promise<void>((resolve) => {
            // Whichever comes first removes the other, so a long body adds no listeners.
            const go = () => {
              res.off("drain", go);
              res.off("close", go);
              resolve();
            };
            res.once("drain", go);
            res.once("close", go);
          });
      }
      res.end();
    } else {
      res.end(reply.body ?? "");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
