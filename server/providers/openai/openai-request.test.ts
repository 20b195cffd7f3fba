import { describe, expect, it } from "vitest";
import { chatCall } from "../../test/chat-call.ts";
import { openaiBody } from "./openai-request.ts";

const PNG = "data:image/png;base64,iVBORw0KGgo=";

const openaiCall = (raw: Record<string, unknown>, model = "gpt-4o") =>
  chatCall("openai", raw, model);

describe("OpenAI request → OpenAI-compatible upstream", () => {
  it("image parts pass through as they came; all-text parts become one string", () => {
    const image = { type: "image_url", image_url: { url: PNG, detail: "high" } };
    const { body } = openaiBody(
      openaiCall({
        messages: [
          { role: "system", content: [{ type: "text", text: "Be brief." }] },
          { role: "user", content: [{ type: "text", text: "What is it?" }, image] },
          {
            role: "user",
            content: [
              { type: "text", text: "Read this." },
              { type: "text", text: '<file name="a.txt">\nhello\n</file>' },
            ],
          },
        ],
      }),
    );
    expect(body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "What is it?" }, image] },
      { role: "user", content: 'Read this.\n\n<file name="a.txt">\nhello\n</file>' },
    ]);
  });

  it("reasoning sent back by the browser is not passed to an upstream that does not need it", () => {
    const { body } = openaiBody(
      openaiCall({
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello", reasoning_content: "They greet me." },
        ],
      }),
    );
    expect(body.messages).toEqual([
      { role: "user", content: "hi" },
      { role: "assistant", content: "hello" },
    ]);
  });
});
