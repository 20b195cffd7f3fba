import {
  estimatedSizes,
  estimateTextTokens,
  estimateToolsTokens,
} from "../core/context/estimate.ts";
import type { TokenCount, TokenCounter, TokenSizes } from "../core/context/token-count.ts";
import type { Message } from "../core/message.ts";
import type { WireTool } from "../core/wire.ts";

/**
 * A token counter whose code loads at its first count (`load`: the cached counter with its
 * worker), so the page's first script does not carry it: the counter is needed once a
 * conversation is open, not to list them (0.9 kB of the initial script's gzip, which is
 * held to 200 kB; docs/performance.md). Until it has loaded, and for good when `load` is absent
 * or fails, each size is the estimate, labelled as one, as the loaded counter reports a message
 * its tokenizer has not counted yet.
 */
export class LazyTokenCounter implements TokenCounter {
  private loaded: TokenCounter | null = null;
  private loading: Promise<TokenCounter | null> | null = null;

  constructor(private readonly load?: () => Promise<TokenCounter>) {}

  message(message: Message): TokenCount {
    return this.sizes().message(message);
  }

  text(text: string): TokenCount {
    return this.sizes().text(text);
  }

  tools(tools: readonly WireTool[]): TokenCount {
    return this.sizes().tools(tools);
  }

  async countMessages(messages: readonly Message[]): Promise<number[]> {
    const counter = await this.start();
    return counter
      ? counter.countMessages(messages)
      : messages.map((m) => estimatedSizes.message(m).tokens);
  }

  async countText(text: string): Promise<number> {
    const counter = await this.start();
    return counter ? counter.countText(text) : estimateTextTokens(text);
  }

  async countTools(tools: readonly WireTool[]): Promise<number> {
    const counter = await this.start();
    return counter ? counter.countTools(tools) : estimateToolsTokens(tools);
  }

  /** The loaded counter's sizes, or the estimate's while it loads (the first ask starts it). */
  private sizes(): TokenSizes {
    if (this.loaded) return this.loaded;
    void this.start();
    return estimatedSizes;
  }

  private start(): Promise<TokenCounter | null> {
    const { load } = this;
    this.loading ??= load
      ? load().then(
          (counter) => {
            this.loaded = counter;
            return counter;
          },
          () => null,
        )
      : Promise.resolve(null);
    return this.loading;
  }
}
