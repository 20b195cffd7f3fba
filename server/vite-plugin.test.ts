import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatInit } from "./test/browser-turn.ts";
import { parseSse } from "./test/sse.ts";
import { proxyDevPlugin } from "./vite-plugin.ts";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

describe("the Vite plugin serves the proxy inside Vite's own server", () => {
  let origin = "";
  let server: ReturnType<typeof createServer>;
  beforeAll(async () => {
    let middleware: Middleware = (_req, _res, next) => next();
    const preview = {
      middlewares: {
        use: (fn: Middleware) => {
          middleware = fn;
        },
      },
    } as unknown as PreviewServer;
    const hook = proxyDevPlugin().configurePreviewServer as (server: PreviewServer) => void;
    hook(preview);
    server = createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 404;
        res.end("vite");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("streams an answer, written straight into Vite's response, and leaves other paths to Vite", async () => {
    const response = await fetch(
      `${origin}/v1/chat/completions`,
      chatInit({
        model: "demo",
        stream: true,
        messages: [{ role: "user", content: "/echo hi there" }],
      }),
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = parseSse(await response.text());
    expect(stream.text).toBe("hi there");
    expect(stream.done).toBe(true);
    expect(await (await fetch(`${origin}/index.html`)).text()).toBe("vite");
  });
});
