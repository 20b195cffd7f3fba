/// <reference lib="webworker" />

import { createHttpModelClient } from "../http-model-client.ts";
import type { StreamWorkerRequest } from "./protocol.ts";
import { streamServer } from "./stream-server.ts";

/**
 * Reads the model's answers off the page's main thread: the fetch, the stream's reads, the SSE
 * parser, `JSON.parse` of every chunk and the chunk assembler run here, and the page gets each
 * answer's events joined, about 10 messages a second however fast the model writes
 * (docs/performance.md, "Streaming").
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = streamServer((reply) => scope.postMessage(reply), createHttpModelClient, {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});
scope.onmessage = (event: MessageEvent<StreamWorkerRequest>) => handle(event.data);
