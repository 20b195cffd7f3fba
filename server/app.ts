import { type Context, Hono } from "hono";
import { type AccessRecord, type AppDeps, type AppEnv, createContext } from "./context.ts";
import { cutName } from "./cut-text.ts";
import { errorResponse, proxyError } from "./errors.ts";
import { accessToken } from "./middleware/access-token.ts";
import { hostGuard } from "./middleware/host-guard.ts";
import { originGuard } from "./middleware/origin-guard.ts";
import { chatRoutes } from "./routes/chat.ts";
import { healthRoutes } from "./routes/health.ts";
import { modelRoutes } from "./routes/models.ts";

/** Options of the app that are not about the proxy itself. */
export interface AppOptions {
  /** Answers requests outside `/v1` and `/healthz` (the Node entry serves the built client). */
  fallback?: (c: Context<AppEnv>) => Response | Promise<Response>;
}

const API_PATH = /^\/(?:v1(?:\/|$)|healthz$)/u;

/** Builds the proxy: `GET /healthz`, `GET /v1/models`, `POST /v1/chat/completions`. */
export function createApp(deps: AppDeps, options: AppOptions = {}): Hono<AppEnv> {
  const ctx = createContext(deps);
  const app = new Hono<AppEnv>();
  const clientOf = (request: Request, env: unknown): string => {
    if (ctx.config.trustForwardedFor) {
      const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    return ctx.clientAddress(request, env) ?? "unknown";
  };

  app.use("*", async (c, next) => {
    const started = ctx.runtime.now();
    const access: AccessRecord = { fields: {} };
    c.set("access", access);
    c.set("client", clientOf(c.req.raw, c.env));
    await next();
    if (!API_PATH.test(c.req.path)) return;
    const write = () =>
      ctx.log({
        time: new Date(started).toISOString(),
        method: c.req.method,
        path: cutName(c.req.path),
        status: c.res.status,
        ms: ctx.runtime.now() - started,
        client: c.get("client"),
        ...access.fields,
      });
    if (access.ended) void access.ended.then(write);
    else write();
  });

  app.use(
    "/v1/*",
    hostGuard(ctx.config.allowedHosts),
    ...originGuard(ctx.config.corsOrigins),
    accessToken(ctx.config.accessToken),
  );
  const v1 = new Hono<AppEnv>();
  v1.route("/models", modelRoutes(ctx));
  v1.route("/chat/completions", chatRoutes(ctx));
  app.route("/v1", v1);
  app.route("/healthz", healthRoutes(ctx));

  app.notFound((c) => {
    if (!API_PATH.test(c.req.path) && options.fallback) return options.fallback(c);
    return errorResponse(
      proxyError(
        "not_found",
        404,
        `There is no ${c.req.method} ${cutName(c.req.path)} on this proxy. Use POST /v1/chat/completions, GET /v1/models or GET /healthz.`,
      ),
    );
  });
  app.onError((error, c) => {
    c.get("access").fields.error = "proxy_error";
    return errorResponse(
      proxyError(
        "proxy_error",
        500,
        `The proxy failed unexpectedly (${ctx.runtime.redact(error.message)}). Try again; if it persists, check the server log.`,
      ),
    );
  });
  return app;
}
