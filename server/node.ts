import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/load-config.ts";
import { policyWithSyncOrigins } from "./content-security-policy.ts";
import { listenAddress } from "./listen-address.ts";
import { nodeClientAddress } from "./node-address.ts";
import { nodeFetch } from "./node-fetch.ts";
import { nodeAppFetch } from "./node-serve.ts";
import { staticSite } from "./static-site.ts";

function start(): void {
  let config: ReturnType<typeof loadConfig>;
  let address: ReturnType<typeof listenAddress>;
  let policy: string;
  try {
    address = listenAddress(process.env);
    config = loadConfig(process.env, (path) => readFileSync(path, "utf8"));
    policy = policyWithSyncOrigins(process.env.PARLEY_SYNC_ORIGINS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`parley: ${error.message}`);
    process.exit(1);
  }
  const clientDir = fileURLToPath(new URL("../client/", import.meta.url));
  const app = createApp(
    { config, clientAddress: nodeClientAddress, fetch: nodeFetch },
    { fallback: staticSite(clientDir, policy) },
  );
  const { port, host } = address;
  const server = serve({ fetch: nodeAppFetch(app), port, hostname: host }, (info) => {
    const shown =
      host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
    const models = config.providers.map((p) => p.id).join(", ");
    console.log(`parley: serving the app and the proxy (providers: ${models})`);
    console.log(`parley: open http://${shown}:${info.port}/`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    const hint =
      error.code === "EADDRINUSE"
        ? `port ${port} is in use; set PORT to a free port (e.g. PORT=8788 npm start)`
        : error.message;
    console.error(`parley: cannot listen on ${host}:${port}: ${hint}`);
    process.exit(1);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

start();
