import { expect } from "vitest";
import type { WireMessage } from "../../src/core/wire.ts";
import { browserTurn, chatInit } from "./browser-turn.ts";
import { demoRequestCases } from "./demo-request-cases.ts";
import { finishOf, readSse } from "./sse.ts";
import { type RouteCase, user, wireCases } from "./wire-cases.ts";

export type { RouteCase };

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
    name: "GET /v1/models lists demo, OpenAI-shaped, with its 8,192-token window and that it reads images",
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
      const demo = await (await send("/v1/models/demo")).json();
      expect(demo).toMatchObject({ context_window: 8192, vision: true, reasoning: true });
      expect(body.data.find((m) => m.id === "demo")).toEqual(demo);
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
    name: "/cut stops mid-answer without a finish reason and without [DONE]; Continue gets the rest, finished",
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
      const rest = await readSse(
        await send(
          "/v1/chat/completions",
          chatInit({
            model: "demo",
            messages: [user("/cut"), { role: "assistant", content: stream.text }],
            stream: true,
          }),
        ),
      );
      expect(rest.text).toMatch(/^ it shows as interrupted\. Continue asked for the rest/u);
      expect(finishOf(rest)).toBe("stop");
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
  ...demoRequestCases,
  ...wireCases,
];
