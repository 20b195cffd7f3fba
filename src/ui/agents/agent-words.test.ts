import { describe, expect, it } from "vitest";
import { type Translate, translate } from "../i18n/use-t.ts";
import { agentAbout, agentDisplayName } from "./agent-words.ts";

const inLocale =
  (locale: "en" | "zh"): Translate =>
  (key, vars) =>
    translate(locale, key, vars);

describe("agent words", () => {
  it("names and describes the built-in agents in Chinese, and leaves the user's own as named", () => {
    const t = inLocale("zh");
    expect(agentDisplayName("Translator", t)).toBe("翻译");
    expect(agentAbout("Summarizer", t)).toMatch(/摘要/);
    expect(agentDisplayName("Poet", t)).toBe("Poet");
    expect(agentAbout("Poet", t)).toBeNull();
    expect(agentDisplayName("constructor", t)).toBe("constructor");
  });

  it("keeps the English names as they are stored", () => {
    expect(agentDisplayName("Assistant", inLocale("en"))).toBe("Assistant");
  });
});
