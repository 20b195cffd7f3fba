import OpenAI from "openai";
import type {
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import { nodeFetch } from "./node-fetch.ts";
import { evaluate } from "./providers/demo/arithmetic.ts";
import { type FakeUpstream, startFakeUpstream } from "./test/fake-upstream.ts";
import { fixtureStream } from "./test/fixtures.ts";
import { listen } from "./test/listen.ts";

const TOKEN = "sdk-token-0123456789abcdef";
const calculator: ChatCompletionTool = {
  type: "function",
  function: {
    name: "calculator",
    description: "arithmetic",
    parameters: {
      type: "object",
      properties: { expression: { type: "string" } },
      required: ["expression"],
    },
  },
};

describe.each([
  ["the Node entry's fetch", nodeFetch],
  ["the built-in fetch", undefined],
])(
  "the official openai client against the running proxy, reaching the upstream with %s",
  (_name, fetchImpl) => {
    let upstream: FakeUpstream;
    let server: { origin: string; close: () => Promise<void> };
    let client: OpenAI;

    beforeAll(async () => {
      upstream = await startFakeUpstream((request) => {
        const said = JSON.stringify(request.json ?? {});
        if (said.includes("break"))
          return {
            pieces: [
              'data: {"id":"x","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n',
              'data: {"error":{"message":"model crashed"}}\n\n',
            ],
          };
        return { pieces: [fixtureStream("openai-chat/openai-python__parallel-tool-calls.sse")] };
      });
      const config = loadConfig({
        DEMO_DELAY_MS: "1",
        PARLEY_ACCESS_TOKEN: TOKEN,
        OPENAI_API_KEY: "sk-upstream",
        OPENAI_BASE_URL: `${upstream.origin}/v1`,
        OPENAI_MODELS: "gpt-4o",
      });
      server = await listen(
        createApp({ config, log: () => {}, ...(fetchImpl ? { fetch: fetchImpl } : {}) }),
      );
      client = new OpenAI({ baseURL: `${server.origin}/v1`, apiKey: TOKEN, maxRetries: 0 });
    });
    afterAll(async () => {
      await server.close();
      await upstream.close();
    });

    it("lists the models", async () => {
      const ids: string[] = [];
      for await (const model of client.models.list()) ids.push(model.id);
      expect(ids).toEqual(["openai/gpt-4o", "demo"]);
    });

    it("models.retrieve failed (no GET /v1/models/{id}): it gets one listed model, and 404 for others", async () => {
      for (const id of ["openai/gpt-4o", "demo"]) {
        const model = await client.models.retrieve(id);
        expect(model).toMatchObject({ id, object: "model" });
      }
      const missing = await client.models.retrieve("openai/gpt-none").catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    });

    it("demo, not streamed", async () => {
      const completion = await client.chat.completions.create({
        model: "demo",
        messages: [{ role: "user", content: "/echo hello there" }],
      });
      expect(completion.choices[0]?.message.content).toBe("hello there");
      expect(completion.usage?.completion_tokens).toBe(2);
    });

    it("demo, streamed", async () => {
      const stream = await client.chat.completions.create({
        model: "demo",
        stream: true,
        messages: [{ role: "user", content: "/echo one two three" }],
      });
      let text = "";
      let usage = 0;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? "";
        usage = chunk.usage?.total_tokens ?? usage;
      }
      expect(text).toBe("one two three");
      expect(usage).toBeGreaterThan(0);
    });

    for (const streamed of [false, true]) {
      it(`demo with tool calls, ${streamed ? "streamed (ChatCompletionStream)" : "not streamed"}: 2+3 then times 4 is 20`, async () => {
        const messages: ChatCompletionMessageParam[] = [
          { role: "user", content: "What is 2+3, then times 4?" },
        ];
        for (let step = 0; step < 5; step += 1) {
          const completion = streamed
            ? await client.chat.completions
                .stream({ model: "demo", messages, tools: [calculator] })
                .finalChatCompletion()
            : await client.chat.completions.create({
                model: "demo",
                messages,
                tools: [calculator],
              });
          const message = completion.choices[0]?.message;
          if (!message) throw new Error("no message");
          const calls = message.tool_calls ?? [];
          if (calls.length === 0) {
            expect(message.content).toContain("The result is 20");
            expect(messages.filter((m) => m.role === "tool").map((m) => m.content)).toEqual([
              "5",
              "20",
            ]);
            return;
          }
          messages.push({ role: "assistant", content: message.content, tool_calls: calls });
          for (const call of calls) {
            if (call.type !== "function") continue;
            const { expression } = JSON.parse(call.function.arguments) as { expression: string };
            messages.push({
              role: "tool",
              tool_call_id: call.id,
              content: JSON.stringify(evaluate(expression)),
            });
          }
        }
        throw new Error("no final answer");
      });
    }

    it("the fake upstream's recorded parallel tool calls, streamed and not", async () => {
      const streamed = await client.chat.completions
        .stream({ model: "openai/gpt-4o", messages: [{ role: "user", content: "weather" }] })
        .finalChatCompletion();
      const plain = await client.chat.completions.create({
        model: "openai/gpt-4o",
        messages: [{ role: "user", content: "weather" }],
      });
      for (const completion of [streamed, plain]) {
        const calls = (completion.choices[0]?.message.tool_calls ?? []).flatMap((c) =>
          c.type === "function" ? [c.function] : [],
        );
        expect(calls.map((c) => c.name)).toEqual(["GetWeatherArgs", "get_stock_price"]);
        expect(calls.map((c) => JSON.parse(c.arguments))).toEqual([
          { city: "Edinburgh", country: "GB", units: "c" },
          { ticker: "AAPL", exchange: "NASDAQ" },
        ]);
        expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
        expect(completion.usage?.total_tokens).toBe(209);
      }
    });

    it("errors reach the client as APIError with the proxy's status and message", async () => {
      const failed = await client.chat.completions
        .create({ model: "demo", messages: [{ role: "user", content: "/fail 503" }] })
        .catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(OpenAI.APIError);
      expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
      expect((failed as Error).message).toContain("Send another message");
      const noToken = new OpenAI({
        baseURL: `${server.origin}/v1`,
        apiKey: "wrong-token-0000000000",
        maxRetries: 0,
      });
      const denied = await noToken.chat.completions
        .create({ model: "demo", messages: [{ role: "user", content: "x" }] })
        .catch((e: unknown) => e);
      expect((denied as InstanceType<typeof OpenAI.APIError>).status).toBe(401);
      const broken = await (async () => {
        const stream = await client.chat.completions.create({
          model: "openai/gpt-4o",
          stream: true,
          messages: [{ role: "user", content: "break" }],
        });
        for await (const _ of stream) {
        }
      })().catch((e: unknown) => e);
      expect(broken).toBeInstanceOf(OpenAI.APIError);
      expect((broken as Error).message).toContain("model crashed");
    });
  },
);
