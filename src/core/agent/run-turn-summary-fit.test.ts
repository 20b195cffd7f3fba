import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer, toolCallAnswer } from "../../test/scripted-model.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { RequestContext } from "../agent-types.ts";
import type { Fit } from "../context/fit-request.ts";
import type { Message } from "../message.ts";
import type { Session } from "../session.ts";
import type { ToolRegistry } from "../tool-registry.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { runTurn } from "./run-turn.ts";

const INSTRUCTIONS = "Answer as briefly as you can.";
const agent = buildAgent({ tools: ["calculator"], instructions: INSTRUCTIONS });

/**
 * What one turn does: every fit reads the system prompt's size exactly once, so counting those
 * reads counts the fits; the registry counts how often the tools are declared.
 */
function counted(window: number) {
  const base = fakeSizes((m) => m.content.length);
  const counts = { fits: 0, declared: 0 };
  const fits: Fit[] = [];
  const context: RequestContext = {
    window,
    reserve: 0,
    sizes: {
      ...base,
      text: (text) => {
        if (text === INSTRUCTIONS) counts.fits++;
        return base.text(text);
      },
    },
    onFit: (fit) => fits.push(fit),
  };
  const tools: ToolRegistry = {
    ...builtinToolRegistry,
    declare: (names) => {
      counts.declared++;
      return builtinToolRegistry.declare(names);
    },
  };
  return { counts, fits, context, tools };
}

const turns = (count: number): Message[] =>
  Array.from({ length: count }, (_, i) => [
    buildMessage({ role: "user", content: `${i}`.padEnd(100, "q") }),
    buildMessage({ role: "assistant", content: `${i}`.padEnd(100, "a") }),
  ]).flat();

const summarising = (messages: Message[]): Session =>
  buildSession({ messages, settings: { overflow: "summarize" } });

const calculation = toolCallAnswer([
  { id: "c1", name: "calculator", arguments: { expression: "2+2" } },
]);

describe("runTurn in a conversation that summarises fits each request once", () => {
  it("fits once per model call and declares the tools once a turn while the summary stands", async () => {
    // The first turn makes the summary, which then stands for what the next one leaves out.
    const history = turns(6);
    const first = counted(1000);
    const made = await runTurn(agent, summarising(history), "first", {
      model: new ScriptedModel([textAnswer("Earlier: six turns."), textAnswer("one")]),
      ...testEnv(),
      tools: first.tools,
      context: first.context,
    });
    const summary = made.messages.find((m) => m.summary);
    expect(summary?.content).toBe("Earlier: six turns.");

    const next = counted(1000);
    const model = new ScriptedModel([calculation, textAnswer("4")]);
    const result = await runTurn(agent, summarising([...history, ...made.messages]), "and 2+2?", {
      model,
      ...testEnv(),
      tools: next.tools,
      context: next.context,
    });
    expect(result.final).toBe("4");
    expect(model.requests).toHaveLength(2);
    expect(next.counts).toEqual({ fits: 2, declared: 1 });
    expect(next.fits.map((f) => f.summary?.status)).toEqual(["placed", "placed"]);
    for (const request of model.requests)
      expect(request.messages[1]).toEqual({
        role: "system",
        content: "Summary of the earlier conversation:\n\nEarlier: six turns.",
      });
  });

  it("fits again after making a summary, and sends the new one in place of what it covers", async () => {
    const run = counted(1000);
    const model = new ScriptedModel([textAnswer("Earlier: six turns."), textAnswer("one")]);
    const result = await runTurn(agent, summarising(turns(6)), "first", {
      model,
      ...testEnv(),
      tools: run.tools,
      context: run.context,
    });
    expect(result.final).toBe("one");
    expect(run.counts).toEqual({ fits: 2, declared: 1 });
    expect(run.fits).toHaveLength(1);
    expect(run.fits[0]?.summary?.status).toBe("placed");
    expect(model.requests[1]?.messages[1]?.content).toBe(
      "Summary of the earlier conversation:\n\nEarlier: six turns.",
    );
    expect(model.requests[1]?.messages.at(-1)).toEqual({ role: "user", content: "first" });
  });

  it("fits once per model call when it only leaves out", async () => {
    const run = counted(1000);
    const model = new ScriptedModel([calculation, textAnswer("4")]);
    await runTurn(agent, buildSession({ messages: turns(6) }), "2+2?", {
      model,
      ...testEnv(),
      tools: run.tools,
      context: run.context,
    });
    expect(run.counts).toEqual({ fits: 2, declared: 1 });
    expect(run.fits.every((f) => f.omitted > 0 && f.summary === null)).toBe(true);
  });
});
