export { CachedTokenCounter } from "./cached-counter.ts";
export { contentHash, textHash } from "./content-hash.ts";
export { createTokenCounter } from "./create-token-counter.ts";
export { InThreadEncoder } from "./in-thread-encoder.ts";
export type { TokenEncoder } from "./token-encoder.ts";
export { loadTokenizer, type Tokenizer } from "./tokenizer.ts";
export { WorkerEncoder, type WorkerPort } from "./worker-encoder.ts";
