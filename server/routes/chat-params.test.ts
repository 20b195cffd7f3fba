import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireCompletion } from "../../src/core/wire.ts";
import { chatInit } from "../test/browser-turn.ts";
import { type FakeUpstream, startFakeUpstream } from "../test/fake-upstream.ts";
import { fixtureStream } from "../test/fixtures.ts";
import { readSse } from "../test/sse.ts";
import { upstreamApp } from "../test/upstream-app.ts";

const DROPPED = [
  { code: "param_dropped", param: "temperature", reason: "model_refuses" },
  { code: "param_dropped", param: "top_p", reason: "model_refuses" },
];

describe("parameters the model refuses are left out, and the answer says so", () => {
  let upstream: FakeUpstream;
  let fixture = "openai-chat/openai-python__text-with-logprobs.sse";
  beforeAll(async () => {
    upstream = await startFakeUpstream(() => ({ pieces: [fixtureStream(fixture)] }));
  });
  afterAll(() => upstream.close());
  const app = () => upstreamApp(upstream.origin, {}, { models: ["o3", "gpt-4o"] });
  const body = (model: string, stream: boolean, extra: Record<string, unknown> = {}) =>
    chatInit({
      model,
      stream,
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 200,
      messages: [{ role: "user", content: "hi" }],
      ...extra,
    });

  it("streamed: the first chunk carries x_parley_notes, and the request is never a 400", async () => {
    fixture = "openai-chat/openai-python__text-with-logprobs.sse";
    const response = await app().send("/v1/chat/completions", body("up/o3", true));
    expect(response.status).toBe(200);
    const stream = await readSse(response);
    expect(stream.done).toBe(true);
    expect(stream.chunks[0]?.choices[0]?.x_parley_notes).toEqual(DROPPED);
    expect(stream.chunks.slice(1).some((c) => c.choices.some((x) => x.x_parley_notes))).toBe(false);
    expect(stream.text).toBe("Foo!");
    const sent = upstream.requests.at(-1)?.json ?? {};
    expect([sent.temperature, sent.top_p, sent.max_tokens, sent.max_completion_tokens]).toEqual([
      undefined,
      undefined,
      undefined,
      200,
    ]);
  });

  it("not streamed: each choice of the completion carries them; with n choices, each one's first chunk", async () => {
    fixture = "openai-chat/openai-python__text-with-logprobs.sse";
    const completion = (await (
      await app().send("/v1/chat/completions", body("up/o3", false))
    ).json()) as WireCompletion;
    expect(completion.choices[0]?.x_parley_notes).toEqual(DROPPED);
    fixture = "openai-chat/openai-python__n3-multiple-choices.sse";
    const stream = await readSse(
      await app().send("/v1/chat/completions", body("up/o3", true, { n: 3 })),
    );
    const noted = stream.chunks.flatMap((c) =>
      c.choices.filter((x) => x.x_parley_notes).map((x) => x.index),
    );
    expect(noted.sort()).toEqual([0, 1, 2]);
  });

  it("a model that takes them gets them, and the answer carries no notes", async () => {
    fixture = "openai-chat/openai-python__text-with-logprobs.sse";
    const stream = await readSse(await app().send("/v1/chat/completions", body("up/gpt-4o", true)));
    expect(stream.raw).not.toContain("x_parley_notes");
    const sent = upstream.requests.at(-1)?.json ?? {};
    expect([sent.temperature, sent.top_p, sent.max_tokens]).toEqual([0.3, 0.9, 200]);
  });

  it("out-of-range values are a 400 naming the field, before any upstream is asked", async () => {
    const before = upstream.requests.length;
    for (const [field, value] of [
      ["temperature", 2.5],
      ["top_p", 1.5],
      ["max_tokens", 0],
      ["reasoning_effort", "maximal"],
    ] as const) {
      const response = await app().send(
        "/v1/chat/completions",
        body("up/gpt-4o", true, { [field]: value }),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        field,
      );
    }
    expect(upstream.requests.length).toBe(before);
  });
});
