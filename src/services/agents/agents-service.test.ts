import { describe, expect, it } from "vitest";
import { builtinAgents, translatorAgent } from "../../core/agents.ts";
import { buildSession } from "../../test/builders.ts";
import { createMemoryAgentRepository } from "../../test/memory-agent-repository.ts";
import { servicesOf, testApp } from "../../test/test-app.ts";
import { modelFor, resolvePipeline } from "../runs/pipeline.ts";

function setup(repo = createMemoryAgentRepository()) {
  const { store } = testApp([], { agentRepository: repo });
  return { store, repo };
}

const poet = { name: "Poet", instructions: "Rhyme.", model: "", tools: [], maxSteps: 2 };

describe("agents service", () => {
  it("starts with the built-ins, which follow the model picked for the chat", async () => {
    const { store } = setup();
    await servicesOf(store).agents.load();
    expect(store.getState().agents.map((a) => a.name)).toEqual([
      "Assistant",
      "Translator",
      "Summarizer",
    ]);
    expect(store.getState().agents.every((a) => a.model === "")).toBe(true);
  });

  it("creates, edits and deletes an agent and persists each change", async () => {
    const { store, repo } = setup();
    expect(await servicesOf(store).agents.save(poet, null)).toBeNull();
    expect(repo.stored()).toEqual([poet]);
    expect(
      await servicesOf(store).agents.save({ ...poet, name: "Bard", maxSteps: 3 }, "Poet"),
    ).toBeNull();
    expect(repo.stored()).toEqual([{ ...poet, name: "Bard", maxSteps: 3 }]);
    await servicesOf(store).agents.delete("Bard");
    expect(repo.stored()).toEqual([]);
    expect(store.getState().agents).toHaveLength(3);
  });

  it("refuses a taken or empty name, a step limit out of range and unknown tools", async () => {
    const { store, repo } = setup();
    const save = (...args: Parameters<ReturnType<typeof servicesOf>["agents"]["save"]>) =>
      servicesOf(store).agents.save(...args);
    expect(await save({ ...poet, name: "Translator" }, null)).toEqual({
      field: "name",
      code: "nameTaken",
    });
    expect(await save({ ...poet, name: "  " }, null)).toEqual({ field: "name", code: "nameEmpty" });
    expect(await save({ ...poet, maxSteps: 0 }, null)).toEqual({
      field: "maxSteps",
      code: "stepsRange",
    });
    expect(await save({ ...poet, tools: ["rm_rf"] }, null)).toEqual({
      field: "tools",
      code: "unknownTool",
    });
    expect(repo.stored()).toEqual([]);
  });

  it("keeps an agent's default parameters and refuses them out of range", async () => {
    const { store, repo } = setup();
    const tuned = { ...poet, temperature: 0.7, maxTokens: 512, reasoningEffort: "low" as const };
    expect(await servicesOf(store).agents.save(tuned, null)).toBeNull();
    expect(repo.stored()).toEqual([tuned]);
    expect(await servicesOf(store).agents.save({ ...poet, temperature: 5 }, "Poet")).toEqual({
      field: "temperature",
      code: "paramRange",
    });
    expect(await servicesOf(store).agents.save({ ...poet, topP: 2 }, "Poet")).toEqual({
      field: "topP",
      code: "paramRange",
    });
    expect(repo.stored()).toEqual([tuned]);
  });

  it("keeps an edited built-in's name, stores the edit, and resets it on delete", async () => {
    const { store, repo } = setup();
    await servicesOf(store).agents.save(
      { ...translatorAgent, name: "Renamed", maxSteps: 2 },
      "Translator",
    );
    expect(store.getState().agents[1]).toMatchObject({ name: "Translator", maxSteps: 2 });
    expect(repo.stored().map((a) => a.name)).toEqual(["Translator"]);
    await servicesOf(store).agents.delete("Translator");
    expect(repo.stored()).toEqual([]);
    expect(store.getState().agents[1]).toMatchObject({ name: "Translator", maxSteps: 1 });
  });

  it("reports a failed read as such, with the built-ins still there", async () => {
    const repo = createMemoryAgentRepository([poet]);
    repo.load = async () => {
      throw new Error("The database is corrupt.");
    };
    const { store } = setup(repo);
    await servicesOf(store).agents.load();
    expect(store.getState().agentsFault).toEqual({
      code: "load_failed",
      detail: "The database is corrupt.",
    });
    expect(store.getState().agents.map((a) => a.name)).toContain("Assistant");
  });

  it("loads stored agents after the built-ins and reports a failed save", async () => {
    const repo = createMemoryAgentRepository([poet]);
    const { store } = setup(repo);
    await servicesOf(store).agents.load();
    expect(store.getState().agents.map((a) => a.name)).toEqual([
      "Assistant",
      "Translator",
      "Summarizer",
      "Poet",
    ]);
    repo.failSaves = true;
    await servicesOf(store).agents.save({ ...poet, name: "Other" }, null);
    expect(store.getState().agentsFault).toEqual({
      code: "save_failed",
      detail: expect.stringContaining("disk is full"),
    });
  });

  it("stores a conversation's pipeline in its metadata", async () => {
    const { store } = setup();
    const session = buildSession();
    await servicesOf(store).sessions.init();
    await servicesOf(store).sessions.commit(session, { kind: "whole" });
    await servicesOf(store).sessions.open(session.id);
    await servicesOf(store).edits.setPipeline(session.id, ["Translator", "Summarizer"]);
    expect(store.getState().bodies[session.id]?.metadata.pipeline).toEqual([
      "Translator",
      "Summarizer",
    ]);
  });
});

describe("resolvePipeline and modelFor", () => {
  const agents = [...builtinAgents];
  it("keeps known names in order and falls back to the default agent", () => {
    expect(
      resolvePipeline(["Translator", "Gone", "Summarizer"], agents, "Assistant").map((a) => a.name),
    ).toEqual(["Translator", "Summarizer"]);
    expect(resolvePipeline(undefined, agents, "Assistant").map((a) => a.name)).toEqual([
      "Assistant",
    ]);
    expect(resolvePipeline(["Gone"], agents, "Nope").map((a) => a.name)).toEqual(["Assistant"]);
  });

  it("uses the agent's model, else the picked one, else the demo", () => {
    expect(modelFor({ ...poet, model: "openai/x" }, "demo")).toBe("openai/x");
    expect(modelFor(poet, "anthropic/y")).toBe("anthropic/y");
    expect(modelFor(poet, "")).toBe("demo");
  });
});
