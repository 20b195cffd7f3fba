import { Hono } from "hono";
import type { AppContext } from "../context.ts";

/** `GET /healthz`: liveness, and which providers are configured (never their keys or addresses). */
export function healthRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get("/", (c) => {
    const listings = new Map(ctx.catalog.status().map((s) => [s.id, s]));
    return c.json({
      status: "ok",
      providers: ctx.config.providers.map((p) => ({
        id: p.id,
        kind: p.kind,
        key: p.kind === "demo" ? null : p.apiKey !== undefined,
        models: p.models === "discover" ? "discover" : p.models.length,
        ...(listings.get(p.id)?.error ? { discoveryError: listings.get(p.id)?.error } : {}),
      })),
      accessToken: ctx.config.accessToken !== undefined,
    });
  });
  return app;
}
