import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../test/fake-upstream.ts";
import { fixtureStream } from "../test/fixtures.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp } from "../test/upstream-app.ts";

const JPEG = "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==";
const withImage = (model: string, url = JPEG) =>
  chatInit({
    model,
    stream: true,
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          { type: "image_url", image_url: { url } },
        ],
      },
    ],
  });

describe("images on their way to a model", () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream((request) => ({
      pieces: [
        fixtureStream(
          request.path.startsWith("/v1/messages")
            ? "anthropic/vercel-ai__anthropic-text.chunks.txt"
            : "openai-chat/openai-python__text-with-logprobs.sse",
        ),
      ],
    }));
  });
  afterAll(() => upstream.close());
  const models = ["gpt-3.5-turbo", "gpt-4o", "my-model", "my-vl"];
  const app = (kind: "openai" | "anthropic" = "openai", names = models) =>
    upstreamApp(
      upstream.origin,
      {},
      { kind, models: names, modelInfo: { "my-vl": { vision: true } } },
    );

  it("an image for a model that cannot read images is refused before sending, naming the model and a way on", async () => {
    const before = upstream.requests.length;
    for (const model of ["up/gpt-3.5-turbo", "up/my-model"]) {
      const response = await app().send("/v1/chat/completions", withImage(model));
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: Record<string, unknown> };
      expect(error).toMatchObject({
        type: "model_cannot_read_images",
        code: "model_cannot_read_images",
        status: 400,
        provider: "up",
      });
      expect(error.message).toContain(`"${model}" cannot read images`);
      expect(error.message).toMatch(/Pick a model that reads images/u);
    }
    expect(upstream.requests.length).toBe(before);
  });

  it("reaches a vision model whole: OpenAI-compatible as the part it came as", async () => {
    for (const model of ["up/gpt-4o", "up/my-vl"]) {
      const response = await app().send("/v1/chat/completions", withImage(model));
      expect(response.status).toBe(200);
      expect((await readSse(response)).done).toBe(true);
      const sent = upstream.requests.at(-1)?.json as { messages: Array<{ content: unknown }> };
      expect(sent.messages[0]?.content).toEqual([
        { type: "text", text: "What is this?" },
        { type: "image_url", image_url: { url: JPEG } },
      ]);
    }
  });

  it("reaches Anthropic as an image block", async () => {
    const response = await app("anthropic", ["claude-sonnet-4-5"]).send(
      "/v1/chat/completions",
      withImage("up/claude-sonnet-4-5"),
    );
    expect(response.status).toBe(200);
    await response.text();
    const sent = upstream.requests.at(-1)?.json as { messages: Array<{ content: unknown }> };
    expect(sent.messages[0]?.content).toEqual([
      { type: "text", text: "What is this?" },
      {
        type: "image",
        source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQSkZJRgABAQ==" },
      },
    ]);
  });

  it("a remote image URL is a 400 and no request goes anywhere", async () => {
    const before = upstream.requests.length;
    const response = await app().send(
      "/v1/chat/completions",
      withImage("up/gpt-4o", `${upstream.origin}/cat.png`),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: "invalid_request", code: "image_url_remote", provider: null },
    });
    expect(upstream.requests.length).toBe(before);
  });
});
