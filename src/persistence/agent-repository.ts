import { createStore, get, set, type UseStore } from "idb-keyval";
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

const isString = (v: unknown): v is string => typeof v === "string";

/** Checks one stored agent field by field; anything malformed is skipped. */
export function readAgent(raw: unknown): AgentConfig | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!isString(r.name) || r.name.trim() === "" || r.name.length > 80) return null;
  if (!isString(r.instructions) || !isString(r.model)) return null;
  if (!Array.isArray(r.tools) || !r.tools.every(isString)) return null;
  const maxSteps = r.maxSteps;
  if (
    typeof maxSteps !== "number" ||
    !Number.isInteger(maxSteps) ||
    maxSteps < 1 ||
    maxSteps > 50
  ) {
    return null;
  }
  return {
    name: r.name,
    instructions: r.instructions,
    model: r.model,
    tools: [...r.tools],
    maxSteps,
  };
}

export function readStoredAgents(raw: unknown): StoredAgents {
  if (typeof raw !== "object" || raw === null) return { agents: [], skipped: 0 };
  const list = (raw as { agents?: unknown }).agents;
  if (!Array.isArray(list)) return { agents: [], skipped: 0 };
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
