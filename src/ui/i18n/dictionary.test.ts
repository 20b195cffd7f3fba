import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { SECTIONS, type Section } from "./sections.ts";
import { zh } from "./zh.ts";

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]).sort();

const sections = Object.keys(SECTIONS) as Section[];

/** Each language whole: the words the page starts with and every section, loaded here. */
async function whole(locale: "en" | "zh"): Promise<Record<string, string>> {
  const parts = await Promise.all(sections.map((section) => SECTIONS[section][locale]()));
  return Object.assign({}, locale === "en" ? en : zh, ...parts);
}

describe("the one dictionary", () => {
  it("has every key in English and in Chinese, every section included, none of them empty", async () => {
    const [english, chinese] = await Promise.all([whole("en"), whole("zh")]);
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of [...Object.entries(english), ...Object.entries(chinese)])
      expect(text.trim(), key).not.toBe("");
  });

  it("has one word for a conversation: 对话 in Chinese, never 会话; in English chat only in New chat, Export chat and a chat export", async () => {
    const [english, chinese] = await Promise.all([whole("en"), whole("zh")]);
    expect(Object.entries(chinese).filter(([, text]) => text.includes("会话"))).toEqual([]);
    expect(
      Object.entries(english).filter(
        ([key, text]) =>
          // Other apps' formats keep their own names ("big-AGI chat").
          !key.startsWith("interop.format:") &&
          /\bchat\b/i.test(text.replace(/New chat|Export chat|chat export/gi, "")),
      ),
    ).toEqual([]);
  });

  it("gives both languages the same values to fill in", async () => {
    const [english, chinese] = await Promise.all([whole("en"), whole("zh")]);
    for (const [key, text] of Object.entries(english))
      expect([...new Set(placeholders(chinese[key] ?? ""))], key).toEqual([
        ...new Set(placeholders(text)),
      ]);
  });

  it("keeps each section's words out of the words the page starts with", async () => {
    for (const section of sections) {
      const keys = Object.keys(await SECTIONS[section].en());
      expect(keys.length, section).toBeGreaterThan(0);
      expect(
        keys.filter((key) => key in en),
        section,
      ).toEqual([]);
    }
  });
});
