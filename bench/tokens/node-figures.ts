import type { Message } from "../../src/core/message.ts";
import { CachedTokenCounter } from "../../src/tokens/cached-counter.ts";
import { InThreadEncoder } from "../../src/tokens/in-thread-encoder.ts";
import { countCold, countEachNew, fitTimes } from "./flows.ts";

export interface NodeFigures {
  coldMs: number;
  eachNewMs: number[];
  fitMs: number[];
}

/**
 * The same steps in Node, the tokenizer in the same thread (Node has no module worker here):
 * what counting costs without the page around it. The first count includes loading the
 * tokenizer module, once per process.
 */
export async function nodeFigures(
  path: Message[],
  steps: { eachNew: number; fitRuns: number; window: number; settleMs: number },
): Promise<NodeFigures> {
  const now = () => performance.now();
  const counter = new CachedTokenCounter(new InThreadEncoder());
  const cold = await countCold(counter, path, now);
  await new Promise((resolve) => setTimeout(resolve, steps.settleMs));
  const eachNewMs = await countEachNew(counter, path, steps.eachNew, now);
  const fitMs = fitTimes(counter, path, steps.window, steps.fitRuns, now).times;
  return { coldMs: cold.ms, eachNewMs, fitMs };
}
