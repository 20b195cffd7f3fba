import type { CountableMessage } from "../core/context/chat-format.ts";
import type { WireTool } from "../core/wire.ts";
import { loadTokenizer } from "./library-tokenizer.ts";
import type { TokenEncoder } from "./token-encoder.ts";
import type { Tokenizer } from "./tokenizer.ts";

/**
 * Counts in the calling thread: for Node (tests, the benchmark's Node figures), never for the
 * page, where a long conversation would hold the main thread. `load` is the real tokenizer
 * unless a test brings another.
 */
export class InThreadEncoder implements TokenEncoder {
  private tokenizer: Promise<Tokenizer> | undefined;

  constructor(private readonly load: () => Promise<Tokenizer> = loadTokenizer) {}

  async messages(items: readonly CountableMessage[]): Promise<number[]> {
    return (await this.loaded()).messages(items);
  }

  async texts(items: readonly string[]): Promise<number[]> {
    return (await this.loaded()).texts(items);
  }

  async tools(tools: readonly WireTool[]): Promise<number> {
    return (await this.loaded()).tools(tools);
  }

  dispose(): void {}

  private loaded(): Promise<Tokenizer> {
    this.tokenizer ??= this.load();
    return this.tokenizer;
  }
}
