import { describe, expect, it } from "vitest";
import { modelFacts } from "../../core/context/model-facts.ts";
import { builtinToolRegistry } from "../../core/tools/builtin-registry.ts";
import { initialState } from "../../store/app-state.ts";
import { createAppStore } from "../../store/app-store.ts";
import { defaultSettings } from "../../store/settings.ts";
import { buildMessage } from "../../test/builders.ts";
import { CachedTokenCounter } from "../../tokens/cached-counter.ts";
import { InThreadEncoder } from "../../tokens/in-thread-encoder.ts";
import { type Tokenizer, tokenizerOver } from "../../tokens/tokenizer.ts";
import { ContextService } from "./context-service.ts";

function setup(facts: (model: string) => Promise<ReturnType<typeof modelFacts>>) {
  const store = createAppStore(
    initialState({
      settings: defaultSettings,
      browserLocale: "en",
      agents: [],
      storageFault: null,
    }),
  );
  const service = new ContextService(store, {
    tokens: new CachedTokenCounter(null),
    facts,
    tools: builtinToolRegistry,
  });
  return { store, service };
}

describe("ContextService", () => {
  it("gives a run the model's window and the answer's room, and keeps where its request began", async () => {
    const { store, service } = setup(async () => modelFacts(128_000, 16_384));
    const context = await service.forRun("s1", "openai/gpt-4o");
    expect(context).toMatchObject({ window: 128_000, reserve: 16_384 });
    const fit = { omitted: 4, firstSentId: "m5", tokens: 900, budget: 1000 };
    context.onFit?.({ ...fit, messages: [], estimated: true, summary: null });
    expect(store.getState().contextViews.s1).toEqual({
      firstSentId: "m5",
      omitted: 4,
      tokens: 900,
      window: 128_000,
    });
  });

  it("takes the documented defaults when the proxy cannot say", async () => {
    const { service } = setup(() => Promise.reject(new Error("proxy down")));
    expect(await service.forRun("s1", "demo")).toMatchObject({ window: 8192, reserve: 2048 });
  });

  it("measures the next send with the agent's instructions and tools, growing with the draft", () => {
    const { service } = setup(async () => modelFacts(8192, 2048));
    const path = [buildMessage({ content: "hello" }), buildMessage({ role: "assistant" })];
    const facts = modelFacts(8192, 2048);
    const bare = service.measure(path, { instructions: "", tools: [] }, "", facts);
    const agent = { instructions: "Be brief.", tools: ["calculator"] };
    const withTools = service.measure(path, agent, "", facts);
    expect(withTools.tokens).toBeGreaterThan(bare.tokens);
    const drafted = service.measure(path, agent, "a draft of some forty characters, or so.", facts);
    expect(drafted.tokens).toBe(withTools.tokens + 4 + 10);
    expect(drafted).toMatchObject({ window: 8192, omitted: 0, tooLong: false, estimated: true });
  });

  it("measures a conversation that summarises with room for the summary its send will make", () => {
    const { service } = setup(async () => modelFacts(8192, 2048));
    const facts = modelFacts(8192, 2048);
    const path = Array.from({ length: 8 }, (_, i) =>
      buildMessage({ role: i % 2 === 0 ? "user" : "assistant", content: "word ".repeat(1_000) }),
    );
    const agent = { instructions: "", tools: [] };
    const leaving = service.measure(path, agent, "", facts, "leave_out");
    const summarising = service.measure(path, agent, "", facts, "summarize");
    expect(leaving).toMatchObject({ summarized: false });
    expect(leaving.omitted).toBeGreaterThan(0);
    expect(summarising.summarized).toBe(true);
    expect(summarising.omitted).toBeGreaterThanOrEqual(leaving.omitted);
    expect(summarising.tokens).toBeLessThanOrEqual(summarising.budget);
  });

  it("starts the tokenizer only for a conversation whose estimate reaches half the window", async () => {
    const counted: number[] = [];
    const tokens = new CachedTokenCounter(null);
    const countMessages = tokens.countMessages.bind(tokens);
    tokens.countMessages = (messages) => {
      counted.push(messages.length);
      return countMessages(messages);
    };
    const service = new ContextService(setup(async () => modelFacts(8192, 2048)).store, {
      tokens,
      facts: async () => modelFacts(8192, 2048),
      tools: builtinToolRegistry,
    });
    const short = [buildMessage({ content: "hello" }), buildMessage({ role: "assistant" })];
    await service.count(short, 8192);
    expect(counted).toEqual([]);
    // About 4,500 tokens by the estimate: past half of 8,192.
    const long = [...short, buildMessage({ content: "word ".repeat(3_600) })];
    await service.count(long, 8192);
    expect(counted).toEqual([3]);
  });

  it("counts the instructions, the tools and the draft with the messages, so the meter can be exact", async () => {
    // A text costs a token per four characters, as the estimate has it, but counted.
    const text = (value: string) => Math.ceil(value.length / 4);
    const quarter: Tokenizer = {
      ...tokenizerOver((texts) => texts.map(text)),
      tools: (tools) => text(JSON.stringify(tools)),
    };
    const tokens = new CachedTokenCounter(new InThreadEncoder(async () => quarter));
    const service = new ContextService(setup(async () => modelFacts(8192, 2048)).store, {
      tokens,
      facts: async () => modelFacts(8192, 2048),
      tools: builtinToolRegistry,
    });
    const facts = modelFacts(8192, 2048);
    const path = [
      buildMessage({ content: "word ".repeat(3_600) }),
      buildMessage({ role: "assistant" }),
    ];
    const agent = { instructions: "Be brief.", tools: ["calculator"] };
    const draft = "and one more thing";
    expect(service.measure(path, agent, draft, facts).estimated).toBe(true);
    await service.count(path, 8192);
    // The messages alone are counted; the instructions, tools and draft are still estimates.
    expect(service.measure(path, agent, draft, facts).estimated).toBe(true);
    await service.count(path, 8192, { agent, draft });
    const exact = service.measure(path, agent, draft, facts);
    expect(exact.estimated).toBe(false);
    // The draft's 18 characters are 5 tokens, and 4 frame it.
    const without = service.measure(path, agent, "", facts);
    expect(exact.tokens - without.tokens).toBe(5 + 4);
  });
});
