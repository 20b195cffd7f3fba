import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { nodeAppFetch } from "../node-serve.ts";

/** Serves an app on 127.0.0.1 at an ephemeral port, as `npm start` would. */
export async function listen(
  app: Hono<AppEnv>,
): Promise<{ origin: string; close: () => Promise<void> }> {
  let server: ReturnType<typeof serve> | undefined;
  const port = await new Promise<number>((resolve) => {
    server = serve(
      { fetch: nodeAppFetch(app), port: 0, hostname: "127.0.0.1" },
      (info: AddressInfo) => resolve(info.port),
    );
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const s = server as unknown as {
          close: (cb: () => void) => void;
          closeAllConnections?: () => void;
        };
        s.closeAllConnections?.();
        s.close(() => resolve());
      }),
  };
}
