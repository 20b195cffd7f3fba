import { ServerResponse } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Hono } from "hono";
import type { SseFrames } from "./chat/sse-frames.ts";
import { sseFramesOf } from "./chat/sse-response.ts";
import type { AppEnv } from "./context.ts";

/** Resolves true if `promise` settles before the event loop's next check phase. */
function settlesThisTurn(promise: Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setImmediate(() => resolve(false));
    void promise.then(() => {
      clearImmediate(timer);
      resolve(true);
    });
  });
}

function drained(out: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

async function writeFrames(frames: SseFrames, response: Response, out: ServerResponse) {
  let open = true;
  out.on("close", () => {
    if (!open) return;
    open = false;
    frames.cancel();
  });
  const headers: Record<string, string> = {};
  for (const [key, value] of response.headers) headers[key] = value;
  out.writeHead(response.status, headers);
  const first = frames.next();
  // The headers go out with the first frames when those are already there, else at once.
  if (!(await settlesThisTurn(first))) out.flushHeaders();
  for (let text = await first; text !== null && open; text = await frames.next())
    if (!out.write(text)) await drained(out);
  if (!open) return;
  open = false;
  out.end();
}

/**
 * The app's `fetch` for @hono/node-server (`npm start`, the Vite plugin, the tests): a streamed
 * answer is written straight into Node's response as text, one write per batch of frames, with no
 * web stream between; every other response goes through @hono/node-server as usual. A client
 * that leaves cancels the answer, as the web stream's `cancel` does.
 */
export function nodeAppFetch(app: Hono<AppEnv>) {
  return async (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    const response = await app.fetch(request, env);
    const out = env.outgoing;
    if (!(out instanceof ServerResponse)) return response;
    const frames = sseFramesOf(response);
    if (!frames) return response;
    writeFrames(frames, response, out).catch((error: Error) => out.destroy(error));
    return RESPONSE_ALREADY_SENT;
  };
}
