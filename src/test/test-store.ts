import { builtinAgents } from "../core/agents.ts";
import type { CoreEnv } from "../core/env.ts";
import type { ModelEvent } from "../core/model.ts";
import { builtinToolRegistry } from "../core/tool-registry.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import type { RunLocks, SessionRepository } from "../persistence/repository.ts";
import type { Timers } from "../persistence/write-queue.ts";
import { createAppStore } from "../store/app-store.ts";
import { testEnv } from "./builders.ts";
import { ScriptedModel, type ScriptedTurn } from "./scripted-model.ts";

export interface TestStoreOptions {
  repository?: SessionRepository;
  runLocks?: RunLocks;
  env?: CoreEnv;
  hasDraft?: (sessionId: string) => boolean;
  timers?: Timers;
}

/**
 * The app store over a memory repository (or the one given), a scripted model answering with
 * `turns`, the built-in agents and tools, and settings kept in memory.
 */
export function testStore<R extends SessionRepository = MemorySessionRepository>(
  turns: ScriptedTurn[] = [],
  options: TestStoreOptions & { repository?: R } = {},
) {
  const model = new ScriptedModel(turns);
  const repository = (options.repository ?? new MemorySessionRepository()) as R;
  let saved: unknown;
  const store = createAppStore({
    repository,
    model,
    env: options.env ?? testEnv(),
    tools: builtinToolRegistry,
    agents: builtinAgents,
    settingsStorage: { read: () => saved, write: (value) => (saved = value) },
    browserLocale: "en-US",
    ...(options.runLocks ? { runLocks: options.runLocks } : {}),
    ...(options.hasDraft ? { hasDraft: options.hasDraft } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  });
  return { store, model, repository };
}

/** A turn that streams `first`, then waits for `release()` before it streams `rest` and finishes. */
export function heldAnswer(first: string, rest: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const turn: ScriptedTurn = async function* (): AsyncIterable<ModelEvent> {
    yield { type: "text", delta: first };
    await released;
    yield { type: "text", delta: rest };
    yield { type: "finish", reason: "stop" };
  };
  return { turn, release };
}
