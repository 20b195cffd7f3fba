import { describe, expect, it } from "vitest";
import { deflate, inflate } from "./compression.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

async function platform(
  data: Uint8Array<ArrayBuffer>,
  stream: CompressionStream | DecompressionStream,
) {
  const output = new Response(new Blob([data]).stream().pipeThrough(stream));
  return new Uint8Array(await output.arrayBuffer());
}

const small = JSON.stringify({ after: "m1", message: { content: "a reply ".repeat(200) } });
// Compresses far beyond the buffer a synchronous inflate starts with.
const repetitive = JSON.stringify({ message: { content: "a".repeat(50_000) } });
const large = JSON.stringify({ message: { content: "a long pasted log line\n".repeat(5_000) } });

describe("raw DEFLATE", () => {
  it("reads what the platform's CompressionStream wrote (documents written before fflate)", async () => {
    for (const json of [small, repetitive, large]) {
      const written = await platform(bytes(json), new CompressionStream("deflate-raw"));
      expect(text(await inflate(written))).toBe(json);
    }
  });

  it("writes what the platform's DecompressionStream reads, small documents compressed", async () => {
    for (const json of [small, repetitive, large]) {
      const packed = await deflate(bytes(json));
      expect(packed.length).toBeLessThan(json.length / 4);
      expect(text(await platform(packed, new DecompressionStream("deflate-raw")))).toBe(json);
    }
  });

  it("rejects what is not raw DEFLATE", async () => {
    await expect(inflate(new Uint8Array([0xff, 0xff, 0xff, 0xff]))).rejects.toThrow();
  });
});
