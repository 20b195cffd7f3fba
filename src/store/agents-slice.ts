import type { StateCreator } from "zustand";
import type { AgentConfig } from "../core/agent-types.ts";
import { setMetadata } from "../core/session-ops.ts";
import type { StoreDeps } from "./deps.ts";
import type { SessionsSlice } from "./sessions-slice.ts";

/** Where agents are kept (IndexedDB in the browser, memory in tests). */
export interface AgentRepository {
  load(): Promise<{ agents: AgentConfig[]; skipped: number }>;
  save(agents: AgentConfig[]): Promise<void>;
}

/** Agents kept in memory only (tests, and when no storage is given). */
export function memoryAgentRepository(): AgentRepository {
  let stored: AgentConfig[] = [];
  return {
    load: async () => ({ agents: [...stored], skipped: 0 }),
    save: async (agents) => {
      stored = [...agents];
    },
  };
}

export type AgentField = "name" | "instructions" | "model" | "tools" | "maxSteps";
export interface AgentProblem {
  field: AgentField;
  code: "nameEmpty" | "nameTaken" | "nameTooLong" | "stepsRange" | "unknownTool";
}

export const MAX_AGENT_STEPS = 50;

export interface AgentsSlice {
  /** Built-ins first (an unedited one has model "" = the model picked for the chat), then the user's. */
  agents: AgentConfig[];
  agentsFault: string | null;
  loadAgents(): Promise<void>;
  /** Creates or replaces (by `previousName`) an agent; returns what is wrong instead of saving. */
  saveAgent(agent: AgentConfig, previousName: string | null): Promise<AgentProblem | null>;
  /** Deletes a user's agent, or resets an edited built-in. */
  deleteAgent(name: string): Promise<void>;
  /** The agents a conversation runs on each message, in order (one agent, or a pipeline). */
  setPipeline(sessionId: string, names: string[]): Promise<void>;
}

export function isBuiltinName(builtins: readonly AgentConfig[], name: string): boolean {
  return builtins.some((b) => b.name === name);
}

export function mergeAgents(
  builtins: readonly AgentConfig[],
  stored: AgentConfig[],
): AgentConfig[] {
  const byName = new Map(stored.map((a) => [a.name, a]));
  const base = builtins.map((b) => byName.get(b.name) ?? { ...b, model: "" });
  return [...base, ...stored.filter((a) => !isBuiltinName(builtins, a.name))];
}

/** The model an agent answers with: its own, else the one picked for the chat, else the demo. */
export function modelFor(agent: AgentConfig, picked: string): string {
  return agent.model || picked || "demo";
}

/** The pipeline stored on a session (`metadata.pipeline`), resolved to known agents; never empty. */
export function resolvePipeline(
  names: unknown,
  agents: AgentConfig[],
  defaultName: string,
): AgentConfig[] {
  const list = Array.isArray(names) ? names.filter((n): n is string => typeof n === "string") : [];
  const found = list
    .map((n) => agents.find((a) => a.name === n))
    .filter((a): a is AgentConfig => a !== undefined);
  if (found.length > 0) return found;
  const fallback = agents.find((a) => a.name === defaultName) ?? agents[0];
  return fallback ? [fallback] : [];
}

export function checkAgent(
  agent: AgentConfig,
  others: AgentConfig[],
  toolNames: string[],
): AgentProblem | null {
  const name = agent.name.trim();
  if (name === "") return { field: "name", code: "nameEmpty" };
  if (name.length > 80) return { field: "name", code: "nameTooLong" };
  if (others.some((a) => a.name === name)) return { field: "name", code: "nameTaken" };
  if (!Number.isInteger(agent.maxSteps) || agent.maxSteps < 1 || agent.maxSteps > MAX_AGENT_STEPS) {
    return { field: "maxSteps", code: "stepsRange" };
  }
  if (agent.tools.some((t) => !toolNames.includes(t)))
    return { field: "tools", code: "unknownTool" };
  return null;
}

/** What this slice needs of the whole store. */
type AgentsHost = AgentsSlice & Pick<SessionsSlice, "loadSession" | "commitSession">;

export const createAgentsSlice =
  (
    deps: Pick<StoreDeps, "agents" | "tools" | "env">,
    repository: AgentRepository,
  ): StateCreator<AgentsHost, [], [], AgentsSlice> =>
  (set, get) => {
    const builtins = deps.agents;
    const persist = async (agents: AgentConfig[]) => {
      set({ agents });
      const custom = agents.filter((a) => {
        const builtin = builtins.find((b) => b.name === a.name);
        return !builtin || JSON.stringify({ ...builtin, model: "" }) !== JSON.stringify(a);
      });
      try {
        await repository.save(custom);
        set({ agentsFault: null });
      } catch (error) {
        set({ agentsFault: error instanceof Error ? error.message : String(error) });
      }
    };

    return {
      agents: mergeAgents(builtins, []),
      agentsFault: null,

      async loadAgents() {
        try {
          const { agents } = await repository.load();
          set({ agents: mergeAgents(builtins, agents) });
        } catch (error) {
          set({ agentsFault: error instanceof Error ? error.message : String(error) });
        }
      },

      async saveAgent(agent, previousName) {
        const current = get().agents;
        const renamingBuiltin =
          previousName !== null &&
          isBuiltinName(builtins, previousName) &&
          agent.name !== previousName;
        const clean = {
          ...agent,
          name: renamingBuiltin ? (previousName ?? agent.name) : agent.name.trim(),
        };
        const others = current.filter((a) => a.name !== previousName);
        const problem = checkAgent(
          clean,
          others,
          deps.tools.list().map((t) => t.name),
        );
        if (problem) return problem;
        const index =
          previousName === null ? -1 : current.findIndex((a) => a.name === previousName);
        const next =
          index < 0 ? [...current, clean] : current.map((a, i) => (i === index ? clean : a));
        await persist(next);
        return null;
      },

      async deleteAgent(name) {
        const builtin = builtins.find((b) => b.name === name);
        const next = builtin
          ? get().agents.map((a) => (a.name === name ? { ...builtin, model: "" } : a))
          : get().agents.filter((a) => a.name !== name);
        await persist(next);
      },

      async setPipeline(sessionId, names) {
        const session = await get().loadSession(sessionId);
        if (!session) return;
        await get().commitSession(
          setMetadata(session, { ...session.metadata, pipeline: names }, deps.env),
        );
      },
    };
  };
