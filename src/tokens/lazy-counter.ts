import { messageTokens } from "../core/context/chat-format.ts";
import { estimateTextTokens, estimateToolsTokens } from "../core/context/estimate.ts";
import type { TokenCount, TokenCounter } from "../core/context/token-count.ts";
import type { Message } from "../core/message.ts";
import type { WireTool } from "../core/wire.ts";

const estimated = (tokens: number): TokenCount => ({ tokens, source: "estimate" });

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
    if (this.loaded) return this.loaded.message(message);
    this.start();
    const calls = message.toolCalls?.map(({ name, arguments: args }) => ({
      name,
      arguments: args,
    }));
    const countable = {
      role: message.role,
      content: message.content,
      ...(calls ? { toolCalls: calls } : {}),
    };
    return estimated(messageTokens(countable, estimateTextTokens));
  }

  text(text: string): TokenCount {
    if (this.loaded) return this.loaded.text(text);
    this.start();
    return estimated(estimateTextTokens(text));
  }

  tools(tools: readonly WireTool[]): TokenCount {
    if (this.loaded) return this.loaded.tools(tools);
    this.start();
    return estimated(estimateToolsTokens(tools));
  }

  async countMessages(messages: readonly Message[]): Promise<number[]> {
    const counter = await this.start();
    return counter ? counter.countMessages(messages) : messages.map((m) => this.message(m).tokens);
  }

  async countText(text: string): Promise<number> {
    const counter = await this.start();
    return counter ? counter.countText(text) : estimateTextTokens(text);
  }

  async countTools(tools: readonly WireTool[]): Promise<number> {
    const counter = await this.start();
    return counter ? counter.countTools(tools) : estimateToolsTokens(tools);
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
