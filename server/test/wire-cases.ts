import { expect } from "vitest";
import type { WireCompletion, WireMessage } from "../../src/core/wire.ts";
import { BROWSER_TOOLS, chatInit, type Send } from "./browser-turn.ts";
import { finishOf, readSse, toolCallsOf } from "./sse.ts";

/** A route test that runs against any way of reaching the app (Node `app.request`, or workerd). */
export interface RouteCase {
  name: string;
  run: (send: Send) => Promise<void>;
}

export const user = (content: string): WireMessage => ({ role: "user", content });

/** The OpenAI wire protocol as the demo speaks it: usage, non-streamed answers, tool-call deltas, bad requests. */
export const wireCases: RouteCase[] = [
  {
    name: "usage is reported in a last chunk with no choices",
    async run(send) {
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("/echo one two three")], stream: true }),
      );
      const stream = await readSse(response);
      const last = stream.chunks.at(-1);
      expect(last?.choices).toEqual([]);
      expect(last?.usage).toEqual({ prompt_tokens: 4, completion_tokens: 3, total_tokens: 7 });
    },
  },
  {
    name: "not streamed: one chat.completion with content, tool calls and usage",
    async run(send) {
      const text = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("/echo hi there")] }),
      );
      const completion = (await text.json()) as WireCompletion;
      expect(completion.object).toBe("chat.completion");
      expect(completion.choices[0]?.message).toEqual({ role: "assistant", content: "hi there" });
      expect(completion.choices[0]?.finish_reason).toBe("stop");
      expect(completion.usage?.completion_tokens).toBe(2);
      const tools = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("What is 2+3?")], tools: BROWSER_TOOLS }),
      );
      const call = ((await tools.json()) as WireCompletion).choices[0];
      expect(call?.finish_reason).toBe("tool_calls");
      expect(call?.message.tool_calls?.[0]?.function).toEqual({
        name: "calculator",
        arguments: '{"expression":"2+3"}',
      });
      const cut = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("/cut")] }),
      );
      expect(cut.status).toBe(502);
      expect(((await cut.json()) as { error: { type: string } }).error.type).toBe(
        "incomplete_response",
      );
    },
  },
  {
    name: "tool calls stream as an id and name first, then argument pieces",
    async run(send) {
      const response = await send(
        "/v1/chat/completions",
        chatInit({
          model: "demo",
          messages: [user("What is 2+3?")],
          tools: BROWSER_TOOLS,
          stream: true,
        }),
      );
      const stream = await readSse(response);
      const deltas = stream.chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);
      expect(deltas[0]).toMatchObject({
        index: 0,
        type: "function",
        function: { name: "calculator", arguments: "" },
      });
      expect(deltas.length).toBeGreaterThan(2);
      expect(toolCallsOf(stream)[0]?.arguments).toBe('{"expression":"2+3"}');
      expect(finishOf(stream)).toBe("tool_calls");
    },
  },
  {
    name: "bad requests get 400 naming the field, unknown models 404, unknown paths 404",
    async run(send) {
      const notJson = await send("/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{",
      });
      expect(notJson.status).toBe(400);
      expect(((await notJson.json()) as { error: { message: string } }).error.message).toContain(
        "not valid JSON",
      );
      const badRole = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [{ role: "robot", content: "x" }] }),
      );
      expect(badRole.status).toBe(400);
      expect(((await badRole.json()) as { error: { message: string } }).error.message).toContain(
        "messages[0].role",
      );
      const unknown = await send(
        "/v1/chat/completions",
        chatInit({ model: "nope/gpt", messages: [user("hi")] }),
      );
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({
        error: { type: "model_not_found", status: 404 },
      });
      const path = await send("/v1/nothing");
      expect(path.status).toBe(404);
      expect(await path.json()).toMatchObject({ error: { type: "not_found" } });
    },
  },
];
