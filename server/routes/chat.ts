import { Hono } from "hono";
import { aggregate } from "../chat/aggregate.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../chat/json-depth.ts";
import { pacedBatches } from "../chat/paced-batches.ts";
import { rateLimiter } from "../chat/rate-limiter.ts";
import { readBody } from "../chat/read-body.ts";
import { sseResponse } from "../chat/sse-response.ts";
import { withNotes } from "../chat/with-notes.ts";
import type { AppContext, AppEnv } from "../context.ts";
import { hasImage, parseChatRequest } from "../contract/chat-request.ts";
import type { ChatOutcome } from "../contract/provider.ts";
import { cutName } from "../cut-text.ts";
import { errorResponse, proxyError } from "../errors.ts";
import { providerFor } from "../providers/registry.ts";
import { scrubError } from "../upstream/redact.ts";

/** Why a request was aborted; a plain value, as building a DOMException per abort is costly. */
const CLIENT_GONE = Object.freeze({ stop: "client gone" });

/**
 * `POST /v1/chat/completions`: OpenAI-shaped, streamed (SSE) or not, to whichever provider owns
 * the model. Every request counts against its client's rate limit before anything else is read
 * (the demo's included: it costs no key, but it costs the server), then against the stream cap.
 */
export function chatRoutes(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let open = 0;
  const { ratePerMinute, rateBurst } = ctx.config.limits;
  const takeRequest = rateLimiter(ratePerMinute, rateBurst, ctx.runtime.now);

  app.post("/", async (c) => {
    const access = c.get("access");
    const fail = (error: ReturnType<typeof proxyError>, headers: Record<string, string> = {}) => {
      access.fields.error = error.type;
      return errorResponse(scrubError(error, ctx.runtime.redact), headers);
    };
    const allowed = takeRequest(c.get("client"));
    if (!allowed.ok) {
      return fail(
        proxyError(
          "rate_limited",
          429,
          `Too many requests from this client (the limit is ${ratePerMinute} a minute). Wait ${allowed.waitSeconds} s and try again.`,
        ),
        { "retry-after": String(allowed.waitSeconds) },
      );
    }
    if (!/^application\/json\b/iu.test(c.req.header("content-type") ?? "")) {
      return fail(
        proxyError(
          "unsupported_media_type",
          415,
          "Send the request body as JSON, with the header Content-Type: application/json.",
        ),
      );
    }
    const raw = await readBody(c.req.raw, ctx.config.limits.bodyBytes);
    if (!raw.ok) return fail(raw.error);
    let body: unknown;
    try {
      body = JSON.parse(raw.text);
    } catch {
      return fail(
        proxyError(
          "invalid_request",
          400,
          "The request body is not valid JSON. Send a JSON chat completion request.",
        ),
      );
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
      return fail(
        proxyError(
          "invalid_request",
          400,
          `The request body nests more than ${MAX_JSON_DEPTH} levels deep, more than a chat request needs. Send a flatter body.`,
        ),
      );
    }
    const parsed = parseChatRequest(body);
    if (!parsed.ok)
      return fail(
        proxyError("invalid_request", 400, parsed.message, { code: parsed.code ?? null }),
      );
    const request = parsed.request;
    access.fields.model = cutName(request.model);
    access.fields.stream = request.stream === true;
    const resolved = ctx.catalog.resolve(request.model);
    if (!resolved.ok) return fail(resolved.error);
    const { provider, model, publicModel, info } = resolved.model;
    access.fields.provider = provider.id;
    if (!info.vision && hasImage(request)) {
      return fail(
        proxyError(
          "model_cannot_read_images",
          400,
          `The model "${cutName(publicModel)}" cannot read images, and the conversation holds one. Pick a model that reads images (GET /v1/models marks them "vision": true), or remove the image.`,
          { provider: provider.id, code: "model_cannot_read_images" },
        ),
      );
    }

    if (open >= ctx.config.limits.maxStreams) {
      return fail(
        proxyError(
          "too_many_streams",
          503,
          `The proxy is already serving ${open} answers, its limit. Try again in a moment, or raise limits.maxStreams in PARLEY_CONFIG.`,
          { provider: provider.id },
        ),
        { "retry-after": "1" },
      );
    }
    open += 1;
    const abort = new AbortController();
    const clientSignal = c.req.raw.signal;
    const onClientGone = () => abort.abort(CLIENT_GONE);
    clientSignal.addEventListener("abort", onClientGone, { once: true });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      open -= 1;
      clientSignal.removeEventListener("abort", onClientGone);
    };

    const call = { request, model, publicModel, provider, info, signal: abort.signal };
    let outcome: ChatOutcome;
    try {
      outcome = await providerFor(provider.kind).chat(call, ctx.runtime);
    } catch (error) {
      release();
      throw error;
    }
    if (!outcome.ok) {
      release();
      return fail(outcome.error, outcome.headers);
    }
    const events = outcome.notes?.length
      ? withNotes(outcome.events, outcome.notes, request.n ?? 1)
      : outcome.events;
    if (request.stream === true) {
      let settle = () => {};
      access.ended = new Promise<void>((resolve) => {
        settle = resolve;
      });
      return sseResponse(
        pacedBatches(events),
        ctx.runtime.redact,
        () => abort.abort(CLIENT_GONE),
        (end) => {
          release();
          access.fields.outcome = end.outcome;
          if (end.errorType) access.fields.error = end.errorType;
          settle();
        },
      );
    }
    try {
      const result = await aggregate(events, provider.id);
      if (!result.ok) return fail(result.error);
      access.fields.outcome = "complete";
      return c.json(result.completion);
    } finally {
      release();
    }
  });
  return app;
}
