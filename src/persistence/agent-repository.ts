import { createStore, get, set, type UseStore } from "idb-keyval";
import * as z from "zod/mini";
import { agentConfigSchema } from "../core/agent-schema.ts";
import type { AgentConfig } from "../core/agent-types.ts";

/** Agents live in their own small database, apart from the sessions' versioned layout. */
export const AGENTS_DB_NAME = "parley-agents";
const STORE = "agents";
const KEY = "agents";
const FORMAT_VERSION = 1;

export interface StoredAgents {
  agents: AgentConfig[];
  /** Records that could not be read; left out, never thrown. */
  skipped: number;
}

/** One stored agent, checked against the agents' schema; anything malformed is skipped. */
export function readAgent(raw: unknown): AgentConfig | null {
  const parsed = agentConfigSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const storedList = z.looseObject({ agents: z.array(z.unknown()) });

export function readStoredAgents(raw: unknown): StoredAgents {
  const parsed = storedList.safeParse(raw);
  if (!parsed.success) return { agents: [], skipped: 0 };
  const list = parsed.data.agents;
  const agents = list.map(readAgent).filter((a): a is AgentConfig => a !== null);
  return { agents, skipped: list.length - agents.length };
}

/** The user's agents (new ones and edited built-ins), stored in IndexedDB through idb-keyval. */
export function createAgentRepository(store: UseStore = createStore(AGENTS_DB_NAME, STORE)) {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    async load(): Promise<StoredAgents> {
      return readStoredAgents(await get(KEY, store));
    },
    save(agents: AgentConfig[]): Promise<void> {
      const write = queue.then(() => set(KEY, { format_version: FORMAT_VERSION, agents }, store));
      queue = write.catch(() => undefined);
      return write;
    },
  };
}
