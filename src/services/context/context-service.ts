import type { AgentConfig, RequestContext } from "../../core/agent-types.ts";
import { estimateTextTokens } from "../../core/context/estimate.ts";
import type { Fit } from "../../core/context/fit-request.ts";
import { type ContextMeasure, draftMessage, measureContext } from "../../core/context/measure.ts";
import {
  answerReserve,
  DEFAULT_MODEL_FACTS,
  type ModelFacts,
} from "../../core/context/model-facts.ts";
import type { TokenCounter } from "../../core/context/token-count.ts";
import type { Overflow } from "../../core/conversation-settings.ts";
import type { Message } from "../../core/message.ts";
import type { ToolCatalog } from "../../core/tool-registry.ts";
import type { ContextView, StateAccess } from "../../store/app-state.ts";

/** What a request sends beside the conversation's messages, to be counted with them. */
export interface CountedRequest {
  agent: Pick<AgentConfig, "instructions" | "tools">;
  /** The text being written, counted as the message it would become. */
  draft?: string;
}

export interface ContextPorts {
  /** Counts with the tokenizer off the page's thread, reporting the estimate until it has. */
  tokens: TokenCounter;
  /** The limits of a model, from the proxy's model list; may reject (the proxy is down). */
  facts(model: string): Promise<ModelFacts>;
  /** The tools whose declarations a request carries. */
  tools: ToolCatalog;
}

/**
 * Knows the context of each conversation: the limits of its model, the tokens of its messages
 * (counted in the background and kept per message), and what its last request sent, which the
 * log marks. A run asks it how to fit each request; a send never waits for the tokenizer.
 */
export class ContextService {
  constructor(
    private readonly access: StateAccess,
    private readonly ports: ContextPorts,
  ) {}

  /** The model's limits, the documented defaults when the proxy cannot say. */
  async factsOf(model: string): Promise<ModelFacts> {
    return this.ports.facts(model).catch(() => DEFAULT_MODEL_FACTS);
  }

  /** How a run of `sessionId` on `model` fits its requests; what each sent is kept for the log. */
  async forRun(
    sessionId: string,
    model: string,
    maxTokens?: number | null,
  ): Promise<RequestContext> {
    const facts = await this.factsOf(model);
    return {
      window: facts.contextWindow,
      reserve: answerReserve(facts, maxTokens),
      sizes: this.ports.tokens,
      onFit: (fit) => this.noteFit(sessionId, fit, facts.contextWindow),
    };
  }

  /**
   * Starts counting `messages` with the tokenizer (newest first), and with `request` what goes
   * with them: the agent's instructions and tool declarations, and the draft; resolves when all
   * are counted. A conversation whose estimate stays under half of `window` is left to the
   * estimate: there the fit leaves nothing out whichever count it reads, and the tokenizer (its
   * ranks take a second or two of a core to load) is not started for it.
   */
  async count(
    messages: readonly Message[],
    window: number,
    request?: CountedRequest,
  ): Promise<void> {
    const draft = request?.draft?.trim() ? [draftMessage(request.draft)] : [];
    const all = draft.length > 0 ? [...messages, ...draft] : messages;
    if (!nearWindow(all, window)) return;
    const { tokens, tools } = this.ports;
    // What the fit reads beside the messages; were these left to the estimate, every measure
    // would stay "about …" however exactly the messages were counted.
    const beside = request
      ? [
          tokens.countText(request.agent.instructions),
          tokens.countTools(tools.declare(request.agent.tools)),
        ]
      : [];
    await Promise.all([tokens.countMessages(all), ...beside]);
  }

  /**
   * What sending `draft` after `path` to `agent` would take of the model's window, from the
   * counts known now (call `count` to have the tokenizer's instead of the estimate); with
   * `overflow` `summarize`, with the summary the send places or makes in place of what it leaves out.
   */
  measure(
    path: readonly Message[],
    agent: Pick<AgentConfig, "instructions" | "tools" | "maxTokens">,
    draft: string,
    facts: ModelFacts,
    overflow?: Overflow,
  ): ContextMeasure {
    return measureContext({
      summarize: overflow === "summarize",
      system: agent.instructions,
      tools: this.ports.tools.declare(agent.tools),
      path,
      draft,
      facts,
      sizes: this.ports.tokens,
      maxTokens: agent.maxTokens,
    });
  }

  private noteFit(sessionId: string, fit: Fit, window: number): void {
    const view: ContextView = {
      firstSentId: fit.omitted > 0 ? fit.firstSentId : null,
      omitted: fit.omitted,
      tokens: fit.tokens,
      window,
    };
    this.access.setState((s) => ({ contextViews: { ...s.contextViews, [sessionId]: view } }));
  }
}

/** Share of the window from which the tokenizer's exact counts matter. */
const EXACT_FROM = 0.5;

/** Whether the estimate of `messages` reaches `EXACT_FROM` of `window` (stops once it does). */
function nearWindow(messages: readonly Message[], window: number): boolean {
  const limit = window * EXACT_FROM;
  let tokens = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (!message) continue;
    tokens += estimateTextTokens(message.content) + (message.attachments?.length ?? 0) * 1_000;
    if (tokens >= limit) return true;
  }
  return false;
}
