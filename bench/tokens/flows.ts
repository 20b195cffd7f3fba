import { fittedRequest } from "../../src/core/agent/fitted-request.ts";
import type { Fit } from "../../src/core/context/fit-request.ts";
import type { TokenCounter } from "../../src/core/context/token-count.ts";
import type { Message } from "../../src/core/message.ts";
import { createToolRegistry } from "../../src/core/tool-registry.ts";
import { newMessage } from "./conversation.ts";

export const SYSTEM = "You are a helpful assistant. Answer in the language of the question.";
/** Room left for the answer in the fitting figures, as a typical maximum output. */
export const RESERVE = 4096;

/** The pause before the figures of a counted conversation, as a person reads before writing. */
export const SETTLE_MS = 1000;

/** When the newest messages were all counted, from the start of a count. */
export interface Progress {
  /** Messages counted from the newest back, and the time they all were. */
  newest: number;
  ms: number;
}

/**
 * Counts `path` from cold on `counter`; `watch` (on the page, where the count runs in a worker)
 * records how soon the newest messages were counted, every `step` messages.
 */
export async function countCold(
  counter: TokenCounter,
  path: readonly Message[],
  now: () => number,
  watch = false,
  step = 50,
): Promise<{ ms: number; tokens: number[]; progress: Progress[] }> {
  const progress: Progress[] = [];
  const started = now();
  let timer: ReturnType<typeof setInterval> | undefined;
  if (watch) {
    const next = () => path.length - (progress.length + 1) * step;
    timer = setInterval(() => {
      for (let at = next(); at >= 0; at = next()) {
        const message = path[at];
        if (!message || counter.message(message).source !== "tokenizer") break;
        progress.push({ newest: path.length - at, ms: now() - started });
      }
    }, 2);
  }
  const tokens = await counter.countMessages(path);
  const ms = now() - started;
  if (timer) clearInterval(timer);
  progress.push({ newest: path.length, ms });
  return { ms, tokens, progress };
}

/** How soon the newest messages that fill `window` tokens were counted. */
export function windowCountedMs(
  tokens: readonly number[],
  progress: readonly Progress[],
  window: number,
): number {
  let sum = 0;
  let needed = tokens.length;
  for (let i = tokens.length - 1; i >= 0; i--) {
    sum += tokens[i] ?? 0;
    if (sum >= window) {
      needed = tokens.length - i;
      break;
    }
  }
  return progress.find((p) => p.newest >= needed)?.ms ?? Number.NaN;
}

/** The time to count each of `count` new messages added to `path` (which grows), all counted before. */
export async function countEachNew(
  counter: TokenCounter,
  path: Message[],
  count: number,
  now: () => number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const message = newMessage(path[path.length - 2] ?? (path[0] as Message), i);
    const started = now();
    await counter.countMessages([...path, message]);
    times.push(now() - started);
    path.push(message);
  }
  return times;
}

/**
 * What a new message's count is made of: counting the whole counted path again (lookups only),
 * and one small count in the tokenizer (for the worker, a round trip).
 */
export async function eachNewParts(
  counter: TokenCounter,
  path: readonly Message[],
  count: number,
  now: () => number,
): Promise<{ lookups: number[]; roundTrips: number[] }> {
  const lookups: number[] = [];
  const roundTrips: number[] = [];
  for (let i = 0; i < count; i++) {
    let started = now();
    await counter.countMessages(path);
    lookups.push(now() - started);
    started = now();
    await counter.countText(`a text of its own, ${i}`);
    roundTrips.push(now() - started);
  }
  return { lookups, roundTrips };
}

/**
 * The time the run's fit step takes before a model call (`fittedRequest`: `fitRequest` over the
 * path with the new message, then the request built from the part that is sent), `runs` times.
 */
export function fitTimes(
  counter: TokenCounter,
  path: readonly Message[],
  window: number,
  runs: number,
  now: () => number,
): { times: number[]; omitted: number; sent: number; estimated: boolean } {
  const history = [...path, newMessage(path[path.length - 2] ?? (path[0] as Message), 999_999)];
  const agent = { name: "Assistant", instructions: SYSTEM, model: "demo", tools: [], maxSteps: 4 };
  const registry = createToolRegistry([], () => ({}));
  const times: number[] = [];
  let last: Fit | undefined;
  const context = { window, reserve: RESERVE, sizes: counter, onFit: (fit: Fit) => (last = fit) };
  for (let i = 0; i < runs; i++) {
    const started = now();
    const built = fittedRequest(agent, history, registry, new Map(), context, {
      tools: registry.declare(agent.tools),
    });
    times.push(now() - started);
    if (!built.ok) throw new Error(`the fit refused: ${built.error.code}`);
  }
  if (!last) throw new Error("the fit step made no fit");
  return { times, omitted: last.omitted, sent: last.messages.length, estimated: last.estimated };
}
