import type { ModelClient, ModelEvent, ModelRequest } from "../../core/model.ts";
import type { ProxyConfig } from "../proxy-config.ts";
import { readReply, type StreamWorkerReply, type StreamWorkerRequest } from "./protocol.ts";

/** What the client needs of a `Worker`; tests pass one that answers in the same thread. */
export interface StreamWorkerPort {
  postMessage(message: StreamWorkerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** One answer being read: the events that came and not yet taken, and who waits for more. */
interface Open {
  events: ModelEvent[];
  done: boolean;
  /** The worker failed (no event comes after: it is stopped). */
  failed: boolean;
  /** Whether this answer had any event from the worker. */
  heard: boolean;
  wake: (() => void) | undefined;
}

/**
 * The page's model client: each answer is read in a Web Worker (`stream-worker.ts`), started
 * at the first request, and its events arrive joined. A worker that cannot start (a CSP that
 * refuses it, a chunk missing offline) makes this and every later request go to `fallback`,
 * the same client in the page, unless the answer had begun: then it ends as a lost connection,
 * and Retry goes through the fallback.
 */
export function createWorkerModelClient(
  config: ProxyConfig,
  fallback: ModelClient,
  spawn: () => StreamWorkerPort,
  pageUrl: () => string = () => globalThis.location.href,
): ModelClient {
  const open = new Map<number, Open>();
  let worker: StreamWorkerPort | undefined;
  let broken = false;
  let nextId = 1;

  const fail = () => {
    broken = true;
    worker?.terminate();
    worker = undefined;
    for (const stream of open.values()) {
      stream.failed = true;
      stream.wake?.();
    }
  };
  const receive = (reply: StreamWorkerReply) => {
    const stream = open.get(reply.id);
    if (!stream) return;
    stream.heard = true;
    stream.events.push(...reply.events);
    if (reply.done) stream.done = true;
    stream.wake?.();
  };
  const start = (): StreamWorkerPort | undefined => {
    if (broken) return undefined;
    if (worker) return worker;
    try {
      worker = spawn();
    } catch {
      broken = true;
      return undefined;
    }
    worker.onmessage = (event) => {
      const reply = readReply(event.data);
      if (reply) receive(reply);
      else fail();
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail();
    };
    return worker;
  };

  async function* stream(request: ModelRequest): AsyncGenerator<ModelEvent> {
    const port = start();
    if (!port) {
      yield* fallback.stream(request);
      return;
    }
    const { signal, ...rest } = request;
    if (signal?.aborted) {
      yield { type: "error", error: { code: "aborted" } };
      return;
    }
    const id = nextId++;
    const state: Open = { events: [], done: false, failed: false, heard: false, wake: undefined };
    open.set(id, state);
    const abort = () => worker?.postMessage({ type: "abort", id });
    signal?.addEventListener("abort", abort);
    const token = config.getAccessToken();
    port.postMessage({
      type: "start",
      id,
      baseUrl: absolute(config.baseUrl, pageUrl()),
      ...(token ? { accessToken: token } : {}),
      request: rest,
    });
    try {
      while (true) {
        if (state.events.length > 0) {
          const events = state.events;
          state.events = [];
          yield* events;
          continue;
        }
        if (state.done) return;
        if (state.failed) {
          if (state.heard) yield { type: "error", error: { code: "connection_lost" } };
          else yield* fallback.stream(request);
          return;
        }
        await new Promise<void>((resolve) => {
          state.wake = resolve;
        });
        state.wake = undefined;
      }
    } finally {
      signal?.removeEventListener("abort", abort);
      // The reader stopped early (the run ended it): the worker stops reading too.
      if (!state.done && !state.failed) abort();
      open.delete(id);
    }
  }

  return { stream };
}

/** The proxy's base as an absolute URL: "" is the page's own origin. */
function absolute(baseUrl: string, page: string): string {
  return baseUrl === "" ? new URL(page).origin : new URL(baseUrl, page).href;
}
