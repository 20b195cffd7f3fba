import { countTokens, encodeChat } from "gpt-tokenizer/encoding/o200k_base";
import {
  type ChatCompletionFunctionParameters,
  countMessageTokens,
} from "gpt-tokenizer/functionCalling";
import gpt4o from "gpt-tokenizer/model/gpt-4o";
import { describe, expect, it } from "vitest";
import { REPLY_PRIMING_TOKENS } from "../core/context/chat-format.ts";
import { estimateTextTokens } from "../core/context/estimate.ts";
import type { WireTool } from "../core/wire.ts";
import { loadTokenizer } from "./library-tokenizer.ts";

const tokenizer = await loadTokenizer();
const TEXTS = [
  "Hello, world!",
  "The quick brown fox jumps over the lazy dog.",
  "```ts\nexport const answer = (a: number, b: number): number => a + b;\n```",
  "我们今天去公园散步，天气很好。",
  "Привет, как дела?",
  "😀 emoji and\ttabs\n\nand blank lines",
];

describe("the tokenizer (gpt-tokenizer, o200k_base)", () => {
  it.each(TEXTS)("counts %j as the library does", (text) => {
    expect(tokenizer.text(text)).toBe(countTokens(text));
    expect(tokenizer.text(text)).toBeGreaterThan(0);
  });

  it("counts a message's framing as OpenAI's chat format does", () => {
    const chat = [
      { role: "system" as const, content: TEXTS[0] ?? "" },
      { role: "user" as const, content: TEXTS[1] ?? "" },
      { role: "assistant" as const, content: TEXTS[2] ?? "" },
      { role: "user" as const, content: TEXTS[3] ?? "" },
    ];
    const ours = chat.reduce((n, m) => n + tokenizer.message(m), REPLY_PRIMING_TOKENS);
    expect(ours).toBe(encodeChat(chat, "gpt-4o").length);
  });

  it("counts a tool call's name and arguments as the library counts a function call", () => {
    const call = { name: "calculator", arguments: '{"expression":"(2 + 3) * 7"}' };
    const ours = tokenizer.message({ role: "assistant", content: "", toolCalls: [call] });
    expect(ours).toBe(
      countMessageTokens({ role: "assistant", content: "", function_call: call }, countTokens),
    );
    const two = tokenizer.message({ role: "assistant", content: "", toolCalls: [call, call] });
    expect(two - ours).toBe(countTokens(call.name) + countTokens(call.arguments) + 3);
  });

  it("counts tool declarations as the library counts them in a request", () => {
    const parameters: ChatCompletionFunctionParameters = {
      type: "object",
      properties: { expression: { type: "string", description: "For example 2 + 2" } },
      required: ["expression"],
    };
    const declaration = { name: "calculator", description: "Evaluates arithmetic.", parameters };
    const tools: WireTool[] = [
      { type: "function", function: { ...declaration, parameters: { ...parameters } } },
    ];
    const request = { messages: [{ role: "user", content: "hi" }] };
    const withTools = gpt4o.countChatCompletionTokens?.({ ...request, functions: [declaration] });
    const without = gpt4o.countChatCompletionTokens?.(request);
    expect(tokenizer.tools(tools)).toBe((withTools ?? 0) - (without ?? 0));
    expect(tokenizer.tools(tools)).toBeGreaterThan(10);
    expect(tokenizer.tools([])).toBe(0);
  });

  it("reads special tokens a person wrote as text, without throwing", () => {
    const text = "Type <|endoftext|> to end a document.";
    expect(() => countTokens(text)).toThrow();
    expect(tokenizer.text(text)).toBeGreaterThan(countTokens("Type  to end a document."));
  });

  it("has an estimate that is near the count, and above it for prose in English and Chinese", () => {
    for (const text of TEXTS) {
      const ratio = estimateTextTokens(text) / tokenizer.text(text);
      expect(ratio).toBeGreaterThan(0.7);
      expect(ratio).toBeLessThan(3);
    }
    for (const text of [TEXTS[1] ?? "", TEXTS[3] ?? ""])
      expect(estimateTextTokens(text)).toBeGreaterThanOrEqual(tokenizer.text(text));
  });
});
