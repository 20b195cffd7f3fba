import { Hono } from "hono";
import type { WireModelList } from "../../src/core/wire.ts";
import type { AppContext } from "../context.ts";
import { cutName } from "../cut-text.ts";
import { errorResponse, type ProxyError, proxyError } from "../errors.ts";

/**
 * `GET /v1/models`: every model id on offer, OpenAI-shaped; failed listings are named in
 * `errors`. `GET /v1/models/{id}`: one of them (the SDKs' `models.retrieve`), its slash written
 * as is or encoded.
 */
export function modelRoutes(ctx: AppContext): Hono {
  const app = new Hono();
  app.get("/", async (c) => {
    const { models, errors } = await ctx.catalog.list();
    const body: WireModelList & { errors?: ProxyError[] } = { object: "list", data: models };
    if (errors.length) body.errors = errors;
    return c.json(body);
  });
  app.get("/:id{.+}", async (c) => {
    const id = c.req.param("id");
    const { models } = await ctx.catalog.list();
    const model = models.find((m) => m.id === id);
    if (model) return c.json(model);
    return errorResponse(
      proxyError(
        "model_not_found",
        404,
        `No configured provider offers the model "${cutName(id)}". Pick a model listed by GET /v1/models (ids look like "provider/model").`,
      ),
    );
  });
  return app;
}
