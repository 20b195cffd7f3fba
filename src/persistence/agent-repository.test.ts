import "fake-indexeddb/auto";
import { createStore } from "idb-keyval";
import { describe, expect, it } from "vitest";
import { createAgentRepository, readStoredAgents } from "./agent-repository.ts";

const agent = { name: "Poet", instructions: "Rhyme.", model: "demo", tools: [], maxSteps: 2 };

describe("agent repository", () => {
  it("saves agents and loads them back", async () => {
    const repo = createAgentRepository(createStore("agents-test-1", "agents"));
    expect((await repo.load()).agents).toEqual([]);
    await repo.save([agent]);
    expect(await createAgentRepository(createStore("agents-test-1", "agents")).load()).toEqual({
      agents: [agent],
      skipped: 0,
    });
  });

  it("keeps the last of several quick saves", async () => {
    const repo = createAgentRepository(createStore("agents-test-2", "agents"));
    await Promise.all([repo.save([agent]), repo.save([]), repo.save([{ ...agent, name: "Last" }])]);
    expect((await repo.load()).agents.map((a) => a.name)).toEqual(["Last"]);
  });

  it("skips malformed stored agents and counts them", () => {
    const stored = readStoredAgents({
      agents: [
        agent,
        { ...agent, maxSteps: 0 },
        { ...agent, name: "" },
        { ...agent, tools: [1] },
        null,
      ],
    });
    expect(stored).toEqual({ agents: [agent], skipped: 4 });
    expect(readStoredAgents("junk")).toEqual({ agents: [], skipped: 0 });
  });

  it("reads an agent's default parameters, and skips one out of range", () => {
    const tuned = {
      ...agent,
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 300,
      reasoningEffort: "high",
    };
    expect(readStoredAgents({ agents: [tuned, { ...agent, temperature: 3 }] })).toEqual({
      agents: [tuned],
      skipped: 1,
    });
    expect(readStoredAgents({ agents: [agent] }).agents[0]).not.toHaveProperty("temperature");
  });
});
