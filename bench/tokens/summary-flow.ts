import { fittedRequest } from "../../src/core/agent/fitted-request.ts";
import { summaryStep } from "../../src/core/agent/summary-step.ts";
import type { RunContext } from "../../src/core/agent-types.ts";
import type { TokenCounter } from "../../src/core/context/token-count.ts";
import type { Message } from "../../src/core/message.ts";
import type { ModelClient } from "../../src/core/model.ts";
import { createToolRegistry } from "../../src/core/tool-registry.ts";
import { newMessage } from "./conversation.ts";
import { RESERVE, SYSTEM } from "./flows.ts";

/** Answers every request with the same short summary, at once. */
const summariser: ModelClient = {
  async *stream() {
    yield { type: "text", delta: "They talked about the seeded topics and agreed on nothing." };
    yield { type: "finish", reason: "stop" };
  },
};

/**
 * The fit step of a send in a conversation that summarises (`settings.overflow = "summarize"`),
 * in the common case: the summary on the path still stands for what is left out, so no summary
 * is asked for. Timed as `runTurn` does it before a model call: the tools declared, `summaryStep`
 * (which fits and learns that) and the request built from the step's fit, `runs` times. The summary is made once beforehand, through the same step.
 */
export async function summaryFitTimes(
  counter: TokenCounter,
  path: readonly Message[],
  window: number,
  runs: number,
  now: () => number,
): Promise<{ times: number[]; omitted: number; placed: boolean }> {
  const asked = newMessage(path[path.length - 2] ?? (path[0] as Message), 999_998);
  const agent = { name: "Assistant", instructions: SYSTEM, model: "demo", tools: [], maxSteps: 4 };
  const registry = createToolRegistry([], () => ({}));
  let omitted = 0;
  let placed = false;
  const context = {
    window,
    reserve: RESERVE,
    sizes: counter,
    onFit: (fit: { omitted: number; summary: { status: string } | null }) => {
      omitted = fit.omitted;
      placed = fit.summary?.status === "placed";
    },
  };
  let bytes = 0;
  const ctx: RunContext = {
    model: summariser,
    clock: { now: () => 0 },
    randomBytes: (length) => new Uint8Array(length).fill(++bytes % 256),
    context,
  };
  const first = await summaryStep(agent, [...path, asked], [], ctx);
  if (!first.made) throw new Error("the bench's conversation made no summary");
  const history = [...path, asked, first.made];
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = now();
    const tools = registry.declare(agent.tools);
    const step = await summaryStep(agent, history, tools, ctx);
    const built = fittedRequest(agent, history, registry, new Map(), context, {
      tools,
      summary: step.option,
      fit: step.fit,
    });
    times.push(now() - started);
    if (!built.ok || step.made) throw new Error("the summarised fit did not place the summary");
  }
  return { times, omitted, placed };
}
