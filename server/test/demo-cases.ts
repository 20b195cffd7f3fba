import { expect } from "vitest";
import type { WireCompletion, WireMessage } from "../../src/core/wire.ts";
import { BROWSER_TOOLS, browserTurn, chatInit, type Send } from "./browser-turn.ts";
import { finishOf, readSse, toolCallsOf } from "./sse.ts";

/** A route test that runs against any way of reaching the app (Node `app.request`, or workerd). */
export interface RouteCase {
  name: string;
  run: (send: Send) => Promise<void>;
}

const user = (content: string): WireMessage => ({ role: "user", content });
const argsOf = (history: WireMessage[]) =>
  history
    .flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []))
    .map((c) => [c.function.name, JSON.parse(c.function.arguments)]);
const lastText = (history: WireMessage[]) => String(history[history.length - 1]?.content ?? "");

/** The demo model's behaviour, as docs/ui-contract.md describes it. */
export const demoCases: RouteCase[] = [
  {
    name: "GET /healthz reports liveness and the demo provider",
    async run(send) {
      const response = await send("/healthz");
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        status: string;
        providers: Array<{ id: string; kind: string }>;
      };
      expect(body.status).toBe("ok");
      expect(body.providers).toContainEqual(expect.objectContaining({ id: "demo", kind: "demo" }));
    },
  },
  {
    name: "GET /v1/models lists demo, OpenAI-shaped",
    async run(send) {
      const response = await send("/v1/models");
      const body = (await response.json()) as {
        object: string;
        data: Array<{ id: string; object: string }>;
      };
      expect(body.object).toBe("list");
      expect(body.data).toContainEqual(
        expect.objectContaining({ id: "demo", object: "model", owned_by: "demo" }),
      );
    },
  },
  {
    name: "arithmetic: one calculator call per operation, then the answer 20",
    async run(send) {
      const history = [user("What is 2+3, then times 4?")];
      await browserTurn(send, history);
      expect(history.map((m) => m.role)).toEqual([
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
      ]);
      expect(argsOf(history)).toEqual([
        ["calculator", { expression: "2+3" }],
        ["calculator", { expression: "5*4" }],
      ]);
      expect(lastText(history)).toContain("20");
      history.push(user("add 10"));
      await browserTurn(send, history);
      expect(argsOf(history).at(-1)).toEqual(["calculator", { expression: "20+10" }]);
      expect(lastText(history)).toContain("The result is 30");
    },
  },
  {
    name: "arithmetic in Chinese: 先算 2+3，再把结果乘 4, then 再加 10 是多少",
    async run(send) {
      const history: WireMessage[] = [
        { role: "system", content: "你是助手" },
        user("先算 2+3，再把结果乘 4"),
      ];
      await browserTurn(send, history);
      expect(history).toHaveLength(7);
      expect(lastText(history)).toContain("结果是 20");
      history.push(user("再加 10 是多少"));
      await browserTurn(send, history);
      expect(history).toHaveLength(11);
      expect(argsOf(history).at(-1)).toEqual(["calculator", { expression: "20+10" }]);
      expect(lastText(history)).toContain("结果是 30");
    },
  },
  {
    name: "arithmetic without a calculator tool: the demo computes and says so",
    async run(send) {
      const history = [user("What is 2+3, then times 4?")];
      await browserTurn(send, history, { tools: [] });
      expect(history).toHaveLength(2);
      expect(lastText(history)).toMatch(/No calculator tool was offered.*The result is 20\./u);
    },
  },
  {
    name: "a calculator error is reported, not retried",
    async run(send) {
      const history = [user("What is 1/0?")];
      await browserTurn(send, history);
      expect(lastText(history)).toContain("could not work out 1/0: division by zero");
    },
  },
  {
    name: "names: state_set then state_get, in English and Chinese",
    async run(send) {
      const state: Record<string, unknown> = {};
      const history = [user("My name is Li Ming")];
      await browserTurn(send, history, { state });
      expect(argsOf(history)).toEqual([["state_set", { key: "name", value: "Li Ming" }]]);
      expect(lastText(history)).toContain("Li Ming");
      const fresh = [user("What is my name?")];
      await browserTurn(send, fresh, { state });
      expect(argsOf(fresh)).toEqual([["state_get", { key: "name" }]]);
      expect(lastText(fresh)).toBe("Your name is Li Ming.");
      const zhState: Record<string, unknown> = {};
      const zh = [user("我叫李明")];
      await browserTurn(send, zh, { state: zhState });
      expect(zhState).toEqual({ name: "李明" });
      const ask = [user("我叫什么名字？")];
      await browserTurn(send, ask, { state: zhState });
      expect(lastText(ask)).toBe("你叫李明。");
      const unknown = [user("What is my name?")];
      await browserTurn(send, unknown, { state: {} });
      expect(lastText(unknown)).toContain("I don't know your name");
    },
  },
  {
    name: "/echo answers with the text exactly, streamed in pieces",
    async run(send) {
      const text = "**bold**  and `code`\n\n- item 一二三";
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user(`/echo ${text}`)], stream: true }),
      );
      const stream = await readSse(response);
      expect(stream.text).toBe(text);
      expect(stream.chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(5);
      expect(finishOf(stream)).toBe("stop");
      expect(stream.done).toBe(true);
    },
  },
  {
    name: "/fail N answers with status N and a JSON error body, streamed or not",
    async run(send) {
      for (const stream of [true, false]) {
        const response = await send(
          "/v1/chat/completions",
          chatInit({ model: "demo", messages: [user("/fail 503")], stream }),
        );
        expect(response.status).toBe(503);
        expect(response.headers.get("content-type")).toContain("application/json");
        const body = (await response.json()) as { error: Record<string, unknown> };
        expect(body.error).toMatchObject({ type: "demo_failure", status: 503, provider: "demo" });
        expect(String(body.error.message)).toMatch(/Send another message/u);
      }
      const bad = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("/fail 99")] }),
      );
      expect(bad.status).toBe(400);
    },
  },
  {
    name: "/cut stops mid-answer without a finish reason and without [DONE]",
    async run(send) {
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("/cut")], stream: true }),
      );
      expect(response.status).toBe(200);
      const stream = await readSse(response);
      expect(stream.text.length).toBeGreaterThan(20);
      expect(finishOf(stream)).toBeNull();
      expect(stream.done).toBe(false);
      expect(stream.raw).not.toContain("[DONE]");
    },
  },
  {
    name: "a message with long gives a ~400-word Markdown answer; 长文 gives it in Chinese",
    async run(send) {
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("Write a long answer please")], stream: true }),
      );
      const { text } = await readSse(response);
      const words = text.split(/\s+/u).filter(Boolean).length;
      expect(words).toBeGreaterThan(350);
      expect(words).toBeLessThan(500);
      for (const mark of ["\n# ", "\n## ", "\n- ", "\n1. ", "```ts", "| --- |"])
        expect(`\n${text}`).toContain(mark);
      const zh = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({ model: "demo", messages: [user("写一篇长文")], stream: true }),
        ),
      );
      expect(zh.text).toContain("# 演示模型的长文回答");
    },
  },
  {
    name: "anything else gets a short answer quoting the message",
    async run(send) {
      const response = await send(
        "/v1/chat/completions",
        chatInit({ model: "demo", messages: [user("Hello there")], stream: true }),
      );
      const stream = await readSse(response);
      expect(stream.text).toContain('"Hello there"');
      const zh = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({ model: "demo", messages: [user("你好")], stream: true }),
        ),
      );
      expect(zh.text).toContain("“你好”");
    },
  },
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
