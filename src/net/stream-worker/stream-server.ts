import type { ModelClient } from "../../core/model.ts";
import type { ProxyConfig } from "../proxy-config.ts";
import { type BatchClock, EventBatcher } from "./event-batcher.ts";
import type { StreamWorkerReply, StreamWorkerRequest } from "./protocol.ts";

/**
 * The stream worker's side: starts each answer the page asks for with `client` (the HTTP
 * client, in the worker), sends its events joined (`EventBatcher`) and the last ones with
 * `done`, and stops reading an answer the page aborted. Returns the handler of the page's
 * messages; `post` sends to the page (tests wire both to a client in the same thread).
 */
export function streamServer(
  post: (reply: StreamWorkerReply) => void,
  client: (config: ProxyConfig) => ModelClient,
  clock: BatchClock,
): (message: StreamWorkerRequest) => void {
  const running = new Map<number, AbortController>();
  const run = async (message: Extract<StreamWorkerRequest, { type: "start" }>) => {
    const { id } = message;
    const controller = new AbortController();
    running.set(id, controller);
    const model = client({ baseUrl: message.baseUrl, getAccessToken: () => message.accessToken });
    const batcher = new EventBatcher((events) => post({ id, events, done: false }), clock);
    try {
      for await (const event of model.stream({ ...message.request, signal: controller.signal }))
        batcher.push(event);
    } finally {
      running.delete(id);
      post({ id, events: batcher.take(), done: true });
    }
  };
  return (message) => {
    if (message.type === "abort") running.get(message.id)?.abort();
    else if (message.type === "start") void run(message);
  };
}
