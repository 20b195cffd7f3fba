export { CachedTokenCounter } from "./cached-counter.ts";
export { createTokenCounter } from "./create-token-counter.ts";
export { InThreadEncoder } from "./in-thread-encoder.ts";
export { loadTokenizer } from "./library-tokenizer.ts";
export type { TokenEncoder } from "./token-encoder.ts";
export type { Tokenizer } from "./tokenizer.ts";
export { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";
