import { readAgent } from "../../core/agent-schema.ts";
import type { AgentConfig } from "../../core/agent-types.ts";
import type { StateAccess } from "../../store/app-state.ts";
import { defaultSettings, type Settings } from "../../store/settings.ts";
import type { AgentsService } from "../agents/agents-service.ts";
import { readSettings, type SettingsService } from "../settings/settings-service.ts";
import type { SyncedSet } from "./synced-sets.ts";

/**
 * The settings that sync. Never the proxy access token (a secret) nor the model (a provider
 * setting: another device may reach other providers); a test reads every sealed document.
 */
export const SYNCED_SETTINGS = ["locale", "theme", "agent", "autoDeleteDays"] as const;

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The user's agents and edited built-ins, one record per agent's name. */
export function agentsSet(access: StateAccess, agents: AgentsService): SyncedSet {
  return {
    prefix: "a",
    values: () => new Map(agents.custom().map((a) => [a.name, JSON.stringify(a)])),
    subscribe: (listener) =>
      access.subscribe((state, previous) => {
        if (state.agents !== previous.agents) listener();
      }),
    async apply(values) {
      const arrived: AgentConfig[] = [];
      for (const [name, json] of values) {
        const agent = readAgent(parse(json));
        if (agent?.name === name) arrived.push(agent);
      }
      if (JSON.stringify(arrived) !== JSON.stringify(agents.custom()))
        await agents.replaceCustom(arrived);
    },
  };
}

/** The settings of `SYNCED_SETTINGS`, one record each; read back as untrusted (`readSettings`). */
export function settingsSet(access: StateAccess, settings: SettingsService): SyncedSet {
  const current = () => access.getState().settings;
  return {
    prefix: "s",
    values: () => new Map(SYNCED_SETTINGS.map((k) => [k, JSON.stringify(current()[k])])),
    defaults: new Map(SYNCED_SETTINGS.map((k) => [k, JSON.stringify(defaultSettings[k])])),
    subscribe: (listener) =>
      access.subscribe((state, previous) => {
        if (SYNCED_SETTINGS.some((k) => state.settings[k] !== previous.settings[k])) listener();
      }),
    async apply(values) {
      const arrived: Record<string, unknown> = {};
      for (const key of SYNCED_SETTINGS) {
        const json = values.get(key);
        if (json !== undefined) arrived[key] = parse(json);
      }
      const next = readSettings({ ...current(), ...arrived });
      const patch: Partial<Settings> = {};
      for (const key of SYNCED_SETTINGS)
        if (next[key] !== current()[key]) Object.assign(patch, { [key]: next[key] });
      if (Object.keys(patch).length > 0) settings.update(patch);
    },
  };
}
