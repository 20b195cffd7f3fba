import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Plugin } from "vite";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import { nodeClientAddress } from "./node-address.ts";
import { nodeFetch } from "./node-fetch.ts";
import { nodeAppFetch } from "./node-serve.ts";

const API_URL = /^\/(?:v1(?:[/?]|$)|healthz(?:\?|$))/u;

type Next = (error?: unknown) => void;

function proxyMiddleware(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  const app = createApp({
    config: loadConfig(process.env, (path) => readFileSync(path, "utf8")),
    clientAddress: nodeClientAddress,
    fetch: nodeFetch,
  });
  // Vite and its plugins share this process: leave the global Request and Response alone.
  const listener = getRequestListener(nodeAppFetch(app), { overrideGlobalObjects: false });
  return (req, res, next) => {
    if (API_URL.test(req.url ?? "")) listener(req, res).catch(next);
    else next();
  };
}

/** Mounts the proxy into Vite's dev and preview servers for `/v1` and `/healthz`: one process, one port. */
export function proxyDevPlugin(): Plugin {
  return {
    name: "parley-proxy",
    configureServer(server) {
      if (process.env.VITEST) return;
      server.middlewares.use(proxyMiddleware());
    },
    configurePreviewServer(server) {
      server.middlewares.use(proxyMiddleware());
    },
  };
}
