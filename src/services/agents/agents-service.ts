import type { AgentConfig } from "../../core/agent-types.ts";
import type { ToolCatalog } from "../../core/tool-registry.ts";
import type { StateAccess } from "../../store/app-state.ts";
import type { AgentRepository } from "../ports.ts";
import { type AgentProblem, checkAgent, isBuiltinName, mergeAgents } from "./agent-rules.ts";

/** The agents: the built-ins, which the user may edit and reset, and the user's own. */
export class AgentsService {
  constructor(
    private readonly access: StateAccess,
    private readonly ports: {
      builtins: readonly AgentConfig[];
      tools: ToolCatalog;
      repository: AgentRepository;
    },
  ) {}

  async load(): Promise<void> {
    try {
      const { agents } = await this.ports.repository.load();
      this.access.setState({ agents: mergeAgents(this.ports.builtins, agents) });
    } catch (error) {
      this.access.setState({ agentsFault: { code: "load_failed", detail: detailOf(error) } });
    }
  }

  /** Creates or replaces (by `previousName`) an agent; returns what is wrong instead of saving. */
  async save(agent: AgentConfig, previousName: string | null): Promise<AgentProblem | null> {
    const { builtins, tools } = this.ports;
    const current = this.access.getState().agents;
    const renamingBuiltin =
      previousName !== null && isBuiltinName(builtins, previousName) && agent.name !== previousName;
    const clean = {
      ...agent,
      name: renamingBuiltin ? (previousName ?? agent.name) : agent.name.trim(),
    };
    const others = current.filter((a) => a.name !== previousName);
    const problem = checkAgent(clean, others, tools.names());
    if (problem) return problem;
    const index = previousName === null ? -1 : current.findIndex((a) => a.name === previousName);
    const next = index < 0 ? [...current, clean] : current.map((a, i) => (i === index ? clean : a));
    await this.persist(next);
    return null;
  }

  /** Deletes a user's agent, or resets an edited built-in. */
  async delete(name: string): Promise<void> {
    const builtin = this.ports.builtins.find((b) => b.name === name);
    const agents = this.access.getState().agents;
    const next = builtin
      ? agents.map((a) => (a.name === name ? { ...builtin, model: "" } : a))
      : agents.filter((a) => a.name !== name);
    await this.persist(next);
  }

  /** The user's agents and edited built-ins: what is stored, and what sync carries. */
  custom(agents: readonly AgentConfig[] = this.access.getState().agents): AgentConfig[] {
    const { builtins } = this.ports;
    return agents.filter((a) => {
      const builtin = builtins.find((b) => b.name === a.name);
      return !builtin || JSON.stringify({ ...builtin, model: "" }) !== JSON.stringify(a);
    });
  }

  /** Makes the user's agents these (from another device): built-ins not among them are reset. */
  async replaceCustom(custom: AgentConfig[]): Promise<void> {
    await this.persist(mergeAgents(this.ports.builtins, custom));
  }

  private async persist(agents: AgentConfig[]): Promise<void> {
    const { repository } = this.ports;
    this.access.setState({ agents });
    const custom = this.custom(agents);
    try {
      await repository.save(custom);
      this.access.setState({ agentsFault: null });
    } catch (error) {
      this.access.setState({ agentsFault: { code: "save_failed", detail: detailOf(error) } });
    }
  }
}

/** The browser's own words for a storage failure, shown after the app's sentence. */
function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
