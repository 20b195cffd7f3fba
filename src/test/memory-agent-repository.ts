import type { AgentConfig } from "../core/agent-types.ts";
import type { AgentRepository } from "../services/ports.ts";

/** Agents kept in memory; `failSaves` makes every save reject like a full disk. */
export function createMemoryAgentRepository(initial: AgentConfig[] = []) {
  let stored = [...initial];
  const repo: AgentRepository & { stored(): AgentConfig[]; failSaves: boolean } = {
    failSaves: false,
    async load() {
      return { agents: [...stored], skipped: 0 };
    },
    async save(agents) {
      if (repo.failSaves) throw new Error("The disk is full: free some space and try again.");
      stored = [...agents];
    },
    stored: () => stored,
  };
  return repo;
}
