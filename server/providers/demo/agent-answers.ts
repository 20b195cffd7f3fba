import { isChinese } from "./pieces.ts";

/** Which built-in agent's instructions a request starts with, as far as the demo can tell. */
export type DemoRole = "translator" | "summarizer" | null;

/**
 * The demo reads the system prompt the way a real model would follow it: Parley's Translator
 * and Summarizer (src/core/agents.ts; a test keeps the two in step) begin with these words.
 */
export function roleOf(systemPrompt: string): DemoRole {
  const start = systemPrompt.trimStart().slice(0, 200);
  if (/^you are a translator\b/iu.test(start)) return "translator";
  if (/^you summari[sz]e\b/iu.test(start)) return "summarizer";
  return null;
}

const TRANSLATION_HEAD = {
  en: "Translation into Chinese (demo: Parley's demo model cannot translate, so it repeats the text; a real model writes the Chinese here):",
  zh: "翻译成英文（演示：Parley 的演示模型不会翻译，所以照录原文；换成真实模型，这里就是英文译文）：",
};

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => (line.trim() === "" ? ">" : `> ${line}`))
    .join("\n");

/** A marked "translation": the direction it would go, then the text itself, quoted. */
export function demoTranslation(text: string): string {
  const head = isChinese(text) ? TRANSLATION_HEAD.zh : TRANSLATION_HEAD.en;
  return `${head}\n\n${quote(text)}`;
}

/** The text a demo translation quotes, or the text itself when it is not one. */
function unwrapTranslation(text: string): string {
  const trimmed = text.trim();
  for (const head of Object.values(TRANSLATION_HEAD))
    if (trimmed.startsWith(head))
      return trimmed
        .slice(head.length)
        .split("\n")
        .map((line) => line.replace(/^>\s?/u, ""))
        .join("\n")
        .trim();
  return trimmed;
}

const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*/gu;
const KEPT = 3;
const POINT_CHARS = 160;

/** A short "summary": how long the text is, then its first sentences as a list. */
export function demoSummary(text: string): string {
  const body = unwrapTranslation(text);
  const sentences = (body.match(SENTENCE) ?? []).map((s) => s.trim()).filter(Boolean);
  const points = sentences
    .slice(0, KEPT)
    .map((s) => `- ${s.length > POINT_CHARS ? `${s.slice(0, POINT_CHARS)}…` : s}`);
  if (isChinese(body)) {
    const characters = (body.match(/[\u3400-\u9fff]/gu) ?? []).length;
    return `摘要（演示：全文 ${sentences.length} 句、${characters} 字，列出前几句）：\n\n${points.join("\n")}`;
  }
  const words = body.split(/\s+/u).filter(Boolean).length;
  return `Summary (demo: ${sentences.length} sentences, ${words} words in all; its first sentences):\n\n${points.join("\n")}`;
}
