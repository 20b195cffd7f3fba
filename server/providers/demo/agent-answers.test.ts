import { describe, expect, it } from "vitest";
import { assistantAgent, summarizerAgent, translatorAgent } from "../../../src/core/agents.ts";
import type { ChatRequest } from "../../contract/chat-request.ts";
import { BROWSER_TOOLS } from "../../test/browser-turn.ts";
import { type DemoStep, planStep } from "./plan.ts";

const PARAGRAPH =
  "Parley keeps every conversation in the browser. The proxy holds the keys and speaks one dialect. A pipeline hands each answer to the next agent.";

const ask = (instructions: string, text: string, tools = false): ChatRequest => ({
  model: "demo",
  messages: [
    { role: "system", content: instructions },
    { role: "user", content: text },
  ],
  ...(tools ? { tools: BROWSER_TOOLS } : {}),
});
const textOf = (step: DemoStep) => (step.kind === "text" ? step.text : `<${step.kind}>`);

describe("the demo answers as the built-in agents ask", () => {
  it("the Translator never translated: its answer is a marked translation of the whole text", () => {
    const english = textOf(planStep(ask(translatorAgent.instructions, PARAGRAPH)));
    expect(english).toMatch(/^Translation into Chinese \(demo: /u);
    expect(english).toContain(PARAGRAPH);
    const chinese = textOf(planStep(ask(translatorAgent.instructions, "我叫李明。今天天气很好。")));
    expect(chinese).toMatch(/^翻译成英文（演示：/u);
    expect(chinese).toContain("我叫李明。今天天气很好。");
  });

  it("the Summarizer answered “Nice to meet you” after the Translator: it gives a short summary", () => {
    const translated = textOf(planStep(ask(translatorAgent.instructions, PARAGRAPH)));
    const summary = textOf(planStep(ask(summarizerAgent.instructions, translated)));
    expect(summary).toMatch(/^Summary \(demo: /u);
    expect(summary).not.toContain("Nice to meet you");
    expect(summary).not.toContain("Translation into Chinese");
    expect(summary).toContain("- Parley keeps every conversation in the browser.");
    expect(summary).toContain("3 sentences, 25 words");
    expect(summary.length).toBeLessThan(translated.length);
  });

  it("summarises Chinese in Chinese", () => {
    const summary = textOf(
      planStep(ask(summarizerAgent.instructions, "今天天气很好。我们去公园。")),
    );
    expect(summary).toMatch(/^摘要（演示：/u);
    expect(summary).toContain("- 今天天气很好。");
  });

  it("the demo's own hint text is not a name: “My name is …” does not start the name rule", () => {
    const hint = textOf(planStep(ask(assistantAgent.instructions, "hello", true)));
    expect(hint).toContain("My name is …");
    expect(planStep(ask(assistantAgent.instructions, hint, true)).kind).toBe("text");
    expect(planStep(ask(assistantAgent.instructions, "My name is Li Ming", true))).toMatchObject({
      kind: "tool",
      name: "state_set",
      arguments: { key: "name", value: "Li Ming" },
    });
  });

  it("/echo and /fail still work in a pipeline stage", () => {
    expect(textOf(planStep(ask(translatorAgent.instructions, "/echo as is")))).toBe("as is");
    expect(planStep(ask(summarizerAgent.instructions, "/fail 503")).kind).toBe("fail");
  });
});
