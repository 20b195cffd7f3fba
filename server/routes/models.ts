import { Hono } from "hono";
import type { WireModelList } from "../../src/core/wire.ts";
import type { AppContext } from "../context.ts";
import type { ProxyError } from "../errors.ts";

/** `GET /v1/models`: every model id on offer, OpenAI-shaped; failed listings are named in `errors`. */
export function modelRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get("/", async (c) => {
    const { models, errors } = await ctx.catalog.list();
    const body: WireModelList & { errors?: ProxyError[] } = { object: "list", data: models };
    if (errors.length) body.errors = errors;
    return c.json(body);
  });
  return app;
}
