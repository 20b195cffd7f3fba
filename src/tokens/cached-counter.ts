import type { CountableMessage } from "../core/context/chat-format.ts";
import { messageTokens } from "../core/context/chat-format.ts";
import { estimateTextTokens, estimateToolsTokens } from "../core/context/estimate.ts";
import type { TokenCount, TokenCounter } from "../core/context/token-count.ts";
import type { Message } from "../core/message.ts";
import type { WireTool } from "../core/wire.ts";
import type { TokenEncoder } from "./token-encoder.ts";

/**
 * What is known of one message object: what its count depends on, its estimate once asked for,
 * and its count once the tokenizer gave it. Messages are values (a changed message is a new
 * object), so the next count of the same object is one lookup.
 */
interface Seen {
  countable: CountableMessage;
  estimate?: number;
  tokens?: number;
}

/** A message the tokenizer is counting: its count will be `counts[index]` (null: it failed). */
interface InFlight {
  countable: CountableMessage;
  counts: Promise<number[] | null>;
  index: number;
}

/** A message waiting to be counted, at `at` in the caller's list. */
interface Waiting {
  at: number;
  message: Message;
  seen: Seen;
}

const counted = (tokens: number): TokenCount => ({ tokens, source: "tokenizer" });
const estimated = (tokens: number): TokenCount => ({ tokens, source: "estimate" });

/** Sends about this many characters to the tokenizer at a time, two batches at most in flight. */
const BATCH_CHARS = 100_000;
const BATCH_MESSAGES = 500;
const IN_FLIGHT = 2;

/**
 * A TokenCounter that remembers each message's count by its id and what the count depends on
 * (compared, not hashed: the same message read again shares its strings, so the comparison is
 * mostly of references), so that counting a conversation again costs only the messages that are
 * new or changed. Until
 * the tokenizer has counted a message (or when it cannot: `encoder` null or failed) it reports
 * the estimate, labelled as one. Newest messages are counted first, since a request sends them.
 */
export class CachedTokenCounter implements TokenCounter {
  private readonly seen = new WeakMap<Message, Seen>();
  private readonly byId = new Map<string, { countable: CountableMessage; tokens: number }>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly texts = new Map<string, number>();
  private readonly toolSets = new Map<string, number>();

  constructor(private encoder: TokenEncoder | null) {}

  message(message: Message): TokenCount {
    const seen = this.see(message);
    return seen.tokens === undefined ? estimated(estimate(seen)) : counted(seen.tokens);
  }

  text(text: string): TokenCount {
    const known = this.texts.get(text);
    return known === undefined ? estimated(estimateTextTokens(text)) : counted(known);
  }

  tools(tools: readonly WireTool[]): TokenCount {
    const known = this.toolSets.get(JSON.stringify(tools));
    return known === undefined ? estimated(estimateToolsTokens(tools)) : counted(known);
  }

  async countMessages(messages: readonly Message[]): Promise<number[]> {
    const tokens = messages.map(() => 0);
    const waits: Promise<void>[] = [];
    let batch: Waiting[] = [];
    let chars = 0;
    for (let at = messages.length - 1; at >= 0; at--) {
      const message = messages[at] as Message;
      const seen = this.see(message);
      const flying = seen.tokens === undefined ? this.inFlight.get(message.id) : undefined;
      if (seen.tokens !== undefined) tokens[at] = seen.tokens;
      else if (flying && same(flying.countable, seen.countable)) {
        const { counts, index } = flying;
        const fill = (values: number[] | null) => {
          tokens[at] = values?.[index] ?? estimate(seen);
        };
        waits.push(counts.then(fill));
      } else {
        batch.push({ at, message, seen });
        chars += message.content.length;
      }
      if (batch.length >= BATCH_MESSAGES || chars >= BATCH_CHARS || (at === 0 && batch.length)) {
        waits.push(this.send(batch, tokens));
        batch = [];
        chars = 0;
        // Waiting for the oldest batch in flight is where the page gets its turn between batches.
        if (waits.length >= IN_FLIGHT) await waits[waits.length - IN_FLIGHT];
      }
    }
    await Promise.all(waits);
    return tokens;
  }

  async countText(text: string): Promise<number> {
    const tokens = await this.ask(this.texts, text, (e) => e.texts([text]).then(([n]) => n));
    return tokens ?? estimateTextTokens(text);
  }

  async countTools(tools: readonly WireTool[]): Promise<number> {
    const key = JSON.stringify(tools);
    return (
      (await this.ask(this.toolSets, key, (e) => e.tools(tools))) ?? estimateToolsTokens(tools)
    );
  }

  /**
   * Starts the worker and its tokenizer now, so the first count does not wait for them (call it
   * when the page is idle after start, or when a conversation opens); resolves once loaded.
   */
  async warm(): Promise<void> {
    await this.encoder?.texts([]).catch(() => this.broke());
  }

  /** Stops the tokenizer; from then on every count is the estimate. */
  dispose(): void {
    this.encoder?.dispose();
    this.encoder = null;
  }

  private see(message: Message): Seen {
    let seen = this.seen.get(message);
    if (!seen) {
      seen = { countable: countable(message) };
      this.seen.set(message, seen);
    }
    if (seen.tokens === undefined) {
      const known = this.byId.get(message.id);
      if (known && same(known.countable, seen.countable)) seen.tokens = known.tokens;
    }
    return seen;
  }

  private send(batch: readonly Waiting[], tokens: number[]): Promise<void> {
    const encoder = this.encoder;
    if (!encoder) {
      for (const { at, seen } of batch) tokens[at] = estimate(seen);
      return Promise.resolve();
    }
    const all = encoder.messages(batch.map(({ seen }) => seen.countable));
    const counts = all.catch(() => this.broke());
    batch.forEach(({ message, seen }, index) => {
      this.inFlight.set(message.id, { countable: seen.countable, counts, index });
    });
    return counts.then((values) => {
      batch.forEach(({ at, message, seen }, index) => {
        const n = values?.[index];
        if (this.inFlight.get(message.id)?.counts === counts) this.inFlight.delete(message.id);
        if (n !== undefined) {
          seen.tokens = n;
          this.byId.set(message.id, { countable: seen.countable, tokens: n });
        }
        tokens[at] = n ?? estimate(seen);
      });
    });
  }

  private async ask(
    cache: Map<string, number>,
    key: string,
    work: (encoder: TokenEncoder) => Promise<number | undefined>,
  ): Promise<number | null> {
    const known = cache.get(key);
    if (known !== undefined) return known;
    if (!this.encoder) return null;
    const tokens = await work(this.encoder).catch(() => this.broke());
    if (typeof tokens === "number") cache.set(key, tokens);
    return tokens ?? null;
  }

  private broke(): null {
    this.dispose();
    return null;
  }
}

/** Only what the count depends on crosses to the worker. */
function countable(message: Message): CountableMessage {
  const calls = message.toolCalls?.map(({ name, arguments: args }) => ({ name, arguments: args }));
  return { role: message.role, content: message.content, ...(calls ? { toolCalls: calls } : {}) };
}

/** The estimate of a message not counted yet, worked out the first time it is needed. */
function estimate(seen: Seen): number {
  seen.estimate ??= messageTokens(seen.countable, estimateTextTokens);
  return seen.estimate;
}

/** Whether two messages cost the same: the same role, text, tool calls and images. */
function same(a: CountableMessage, b: CountableMessage): boolean {
  if (a.role !== b.role || a.content !== b.content || (a.images ?? 0) !== (b.images ?? 0))
    return false;
  const calls = a.toolCalls ?? [];
  const others = b.toolCalls ?? [];
  return (
    calls.length === others.length &&
    calls.every((c, i) => c.name === others[i]?.name && c.arguments === others[i]?.arguments)
  );
}
