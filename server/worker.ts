import type { Hono } from "hono";
import { createApp } from "./app.ts";
import { ConfigError, type Env, loadConfig } from "./config/load-config.ts";
import type { AppEnv } from "./context.ts";
import { errorResponse, proxyError } from "./errors.ts";

/** The bindings of the Worker: `[vars]` and secrets (keys are set with `wrangler secret put`). */
type WorkerBindings = Record<string, unknown>;

let built:
  | { bindings: WorkerBindings; app: Hono<AppEnv> }
  | { bindings: WorkerBindings; error: string }
  | undefined;

function appFor(bindings: WorkerBindings) {
  if (built?.bindings === bindings) return built;
  const env: Env = {};
  for (const [key, value] of Object.entries(bindings))
    if (typeof value === "string") env[key] = value;
  try {
    built = {
      bindings,
      app: createApp({
        // Cloudflare hands a worker only requests for its own routes, so no Host check by default.
        config: loadConfig(env, undefined, { allowedHosts: "any" }),
        clientAddress: (request) => request.headers.get("cf-connecting-ip") ?? undefined,
      }),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    built = { bindings, error: error.message };
  }
  return built;
}

/**
 * Cloudflare Workers entry: the same app as on Node, configured from the Worker's bindings.
 * Static files are served by Workers Assets (see wrangler.toml); `/v1` and `/healthz` come here.
 */
export default {
  fetch(request: Request, bindings: WorkerBindings, ctx: unknown): Response | Promise<Response> {
    const entry = appFor(bindings);
    if ("error" in entry) {
      console.error(`parley: ${entry.error}`);
      return errorResponse(
        proxyError(
          "proxy_misconfigured",
          500,
          `The proxy's configuration is wrong: ${entry.error} Fix the Worker's variables or secrets and deploy again.`,
        ),
      );
    }
    return entry.app.fetch(request, bindings, ctx as never);
  },
};
