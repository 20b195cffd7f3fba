import { describe, expect, it } from "vitest";
import { decodeHead, imageSize } from "./image-size.ts";

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const be16 = (n: number) => [n >> 8, n & 255];
const be32 = (n: number) => [...be16(Math.floor(n / 65536)), ...be16(n & 65535)];
const le16 = (n: number) => [n & 255, n >> 8];
const le24 = (n: number) => [n & 255, (n >> 8) & 255, n >> 16];
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

const PNG = bytes([0x89], "PNG\r\n\x1a\n", be32(13), "IHDR", be32(640), be32(480), [8, 6, 0, 0, 0]);
const GIF = bytes("GIF89a", le16(320), le16(200), [0xf7, 0, 0]);
/** SOI, a JFIF APP0, a 300-byte APP2 (as a colour profile is) and a baseline frame of 1,024 × 768. */
const JPEG = bytes(
  [0xff, 0xd8, 0xff, 0xe0],
  be16(16),
  "JFIF\0",
  [1, 1, 0, 0, 1, 0, 1, 0, 0],
  [0xff, 0xe2],
  be16(300),
  "ICC_PROFILE\0",
  new Array(286).fill(0),
  [0xff, 0xc0],
  be16(17),
  [8],
  be16(768),
  be16(1024),
  [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1],
);
const riff = (chunk: string, body: number[]) =>
  bytes("RIFF", le16(100), [0, 0], "WEBP", chunk, le16(body.length), [0, 0], body);
const VP8 = riff("VP8 ", [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...le16(800), ...le16(600), 0, 0]);
const VP8L = riff("VP8L", [
  0x2f,
  ...((w, h) => {
    const v = (w - 1) | ((h - 1) << 14);
    return [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
  })(30, 20),
]);
const VP8X = riff("VP8X", [0x20, 0, 0, 0, ...le24(199), ...le24(99)]);

describe("reading an image's size from its header bytes", () => {
  it.each([
    ["PNG", PNG, 640, 480],
    ["GIF", GIF, 320, 200],
    ["JPEG, past its APP segments", JPEG, 1024, 768],
    ["WebP lossy (VP8)", VP8, 800, 600],
    ["WebP lossless (VP8L)", VP8L, 30, 20],
    ["WebP extended (VP8X)", VP8X, 200, 100],
  ])("%s", (_name, head, width, height) => {
    expect(imageSize(head)).toEqual({ width, height });
    expect(imageSize(decodeHead(base64(head)))).toEqual({ width, height });
  });

  it("a progressive JPEG's frame (SOF2) is read too, and DHT before it is skipped", () => {
    const progressive = JPEG.slice();
    progressive[progressive.length - 18] = 0xc2;
    expect(progressive[progressive.length - 19]).toBe(0xff);
    const withTable = bytes([0xff, 0xd8, 0xff, 0xc4], be16(4), [0, 0], [...JPEG.slice(2)]);
    expect(imageSize(progressive)).toEqual({ width: 1024, height: 768 });
    expect(imageSize(withTable)).toEqual({ width: 1024, height: 768 });
  });

  it("anything else, a cut header or bad base64 is null, never an exception", () => {
    expect(imageSize(bytes("not an image at all"))).toBeNull();
    expect(imageSize(PNG.slice(0, 20))).toBeNull();
    expect(imageSize(JPEG.slice(0, 40))).toBeNull();
    expect(imageSize(decodeHead("!!!!"))).toBeNull();
    let state = 1;
    for (let n = 0; n < 2000; n += 1) {
      const noise = new Uint8Array(64).map(() => {
        state = (state * 1103515245 + 12345) % 2147483648;
        return state >> 16;
      });
      noise[0] = [0x89, 0x47, 0xff, 0x52][n % 4] ?? 0;
      if (n % 4 === 2) noise[1] = 0xd8;
      expect(() => imageSize(noise)).not.toThrow();
    }
  });
});
