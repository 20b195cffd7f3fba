import { describe, expect, it } from "vitest";
import { chatCall } from "../../test/chat-call.ts";
import { anthropicBody } from "./anthropic-request.ts";

function body(raw: Record<string, unknown>, defaults: Record<string, unknown> = {}) {
  return anthropicBody(chatCall("anthropic", raw, "claude", { defaults })).body;
}

describe("OpenAI request → Anthropic Messages request", () => {
  it("system goes to `system`, tool calls to tool_use, tool results to tool_result blocks in one user turn", () => {
    const out = body({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "What is 2+3 and 4*5?" },
        {
          role: "assistant",
          content: "Let me calculate.",
          tool_calls: [
            {
              id: "t1",
              type: "function",
              function: { name: "calculator", arguments: '{"expression":"2+3"}' },
            },
            {
              id: "t2",
              type: "function",
              function: { name: "calculator", arguments: '{"expression":"4*5"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "t1", content: "5" },
        { role: "tool", tool_call_id: "t2", content: '{"error":"busy"}' },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "calculator",
            description: "math",
            parameters: { type: "object", properties: { expression: { type: "string" } } },
          },
        },
      ],
      tool_choice: "required",
      parallel_tool_calls: false,
      stop: "END",
      temperature: 1.5,
    });
    expect(out).toEqual({
      model: "claude",
      stream: true,
      max_tokens: 4096,
      system: "Be brief.",
      temperature: 1,
      stop_sequences: ["END"],
      messages: [
        { role: "user", content: [{ type: "text", text: "What is 2+3 and 4*5?" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me calculate." },
            { type: "tool_use", id: "t1", name: "calculator", input: { expression: "2+3" } },
            { type: "tool_use", id: "t2", name: "calculator", input: { expression: "4*5" } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "t1", content: "5" },
            { type: "tool_result", tool_use_id: "t2", content: '{"error":"busy"}', is_error: true },
          ],
        },
      ],
      tools: [
        {
          name: "calculator",
          description: "math",
          input_schema: { type: "object", properties: { expression: { type: "string" } } },
        },
      ],
      tool_choice: { type: "any", disable_parallel_tool_use: true },
    });
  });

  it("consecutive user turns merge; empty texts are dropped; images become image blocks", () => {
    const out = body({
      messages: [
        { role: "user", content: "one" },
        {
          role: "user",
          content: [
            { type: "text", text: "two" },
            { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
          ],
        },
        { role: "assistant", content: "" },
        { role: "user", content: "three" },
      ],
    });
    expect(out.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
          { type: "text", text: "three" },
        ],
      },
    ]);
  });

  it("max_tokens comes from the client, then the provider's defaults; a named tool_choice", () => {
    expect(body({ messages: [{ role: "user", content: "x" }], max_tokens: 50 }).max_tokens).toBe(
      50,
    );
    expect(
      body({ messages: [{ role: "user", content: "x" }] }, { max_tokens: 900, top_k: 5 }),
    ).toMatchObject({ max_tokens: 900, top_k: 5 });
    const named = body({
      messages: [{ role: "user", content: "x" }],
      tools: [{ type: "function", function: { name: "f" } }],
      tool_choice: { type: "function", function: { name: "f" } },
    });
    expect(named.tool_choice).toEqual({ type: "tool", name: "f" });
    expect(named.tools).toEqual([
      { name: "f", description: "", input_schema: { type: "object", properties: {} } },
    ]);
  });
});
