import { describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { loadConfig } from "../config/load-config.ts";
import { chatInit } from "../test/browser-turn.ts";
import { readSse } from "../test/sse.ts";

/** A data URL as large as a 2,048 × 1,536 JPEG of pure noise at quality 0.85 (2.3 MB), the worst case. */
function largeImage(seed: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const chars: string[] = [];
  let state = seed;
  for (let i = 0; i < 4096; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    chars.push(alphabet[state % 64] ?? "A");
  }
  const block = chars.join("");
  return `data:image/jpeg;base64,/9j/${block.repeat(Math.ceil(2_327_335 / block.length)).slice(0, 2_327_304)}`;
}

const app = () => createApp({ config: loadConfig({ DEMO_DELAY_MS: "0" }), log: () => {} });

describe("the body limit fits a message with several scaled images", () => {
  it("four worst-case 2,048 px JPEGs and a long conversation go through under the default 16 MiB", async () => {
    const images = [1, 2, 3, 4].map((seed) => ({
      type: "image_url",
      image_url: { url: largeImage(seed) },
    }));
    const history = Array.from({ length: 200 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: "A sentence of conversation history. ".repeat(60),
    }));
    const body = {
      model: "demo",
      stream: true,
      messages: [
        ...history,
        { role: "user", content: [{ type: "text", text: "/echo ok" }, ...images] },
      ],
    };
    const init = chatInit(body);
    expect(String(init.body).length).toBeGreaterThan(9.5e6);
    const response = await app().request("/v1/chat/completions", init);
    expect(response.status).toBe(200);
    expect((await readSse(response)).done).toBe(true);
  });

  it("past the limit is 413 payload_too_large, saying to send fewer or smaller images", async () => {
    const images = Array.from({ length: 8 }, (_, i) => ({
      type: "image_url",
      image_url: { url: largeImage(i) },
    }));
    const response = await app().request(
      "/v1/chat/completions",
      chatInit({ model: "demo", messages: [{ role: "user", content: images }] }),
    );
    expect(response.status).toBe(413);
    const { error } = (await response.json()) as { error: { type: string; message: string } };
    expect(error.type).toBe("payload_too_large");
    expect(error.message).toContain("Send fewer or smaller images");
  });
});
