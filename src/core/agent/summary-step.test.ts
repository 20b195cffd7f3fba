import { describe, expect, it } from "vitest";
import { buildAgent, buildMessage, testEnv } from "../../test/builders.ts";
import { ScriptedModel, textAnswer } from "../../test/scripted-model.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import type { Message } from "../message.ts";
import { builtinToolRegistry } from "../tools/builtin-registry.ts";
import { summaryStep } from "./summary-step.ts";

const agent = buildAgent({ tools: [], instructions: "Be brief." });
/** Every message costs as many tokens as its content has characters. */
const sizes = fakeSizes((m) => m.content.length);

const turn = (n: number): Message[] => [
  buildMessage({ role: "user", content: `${n}`.repeat(500) }),
  buildMessage({ role: "assistant", content: "a".repeat(500) }),
];

describe("summaryStep", () => {
  it("counts only the messages the summary request held when the oldest did not fit it", async () => {
    const history = [1, 2, 3, 4, 5, 6].flatMap(turn);
    history.push(buildMessage({ role: "user", content: "new" }));
    const model = new ScriptedModel([textAnswer("A summary.")]);
    const env = testEnv();
    const step = await summaryStep(agent, history, builtinToolRegistry, {
      model,
      clock: env.clock,
      randomBytes: env.randomBytes,
      context: { window: 4000, reserve: 0, sizes },
    });
    const transcript = String(model.requests[0]?.messages[1]?.content);
    const read = transcript.split("\n\n").length;
    // The three oldest turns are before the cut; the first question did not fit the request.
    expect(step.made?.summary?.lastCoveredId).toBe(history[5]?.id);
    expect(read).toBe(5);
    expect(transcript.startsWith(`[assistant]\n${"a".repeat(500)}`)).toBe(true);
    expect(step.made?.summary?.covers).toBe(5);
    expect(step.option?.current?.message).toBe(step.made);
    expect(step.failed).toBe(false);
  });
});
