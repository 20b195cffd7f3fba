import { describe, expect, it } from "vitest";
import { builtinAgents } from "./agents.ts";
import { builtinToolRegistry } from "./tools/builtin-registry.ts";

describe("built-in agents", () => {
  it("are Assistant (default, all five tools, 8 steps), Translator and Summarizer (no tools, 1 step)", () => {
    expect(builtinAgents[0]?.name).toBe("Assistant");
    expect(builtinAgents.map((a) => [a.name, a.tools.length, a.maxSteps, a.model])).toEqual([
      ["Assistant", 5, 8, "demo"],
      ["Translator", 0, 1, "demo"],
      ["Summarizer", 0, 1, "demo"],
    ]);
  });

  it("name only tools that exist", () => {
    for (const agent of builtinAgents)
      for (const name of agent.tools) expect(builtinToolRegistry.get(name)?.name).toBe(name);
  });

  it("are plain data that survives JSON", () => {
    expect(JSON.parse(JSON.stringify(builtinAgents))).toEqual(builtinAgents);
    expect(builtinAgents.find((a) => a.name === "Translator")?.instructions).toContain("Chinese");
  });
});
