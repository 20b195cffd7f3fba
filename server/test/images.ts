/** Image headers as encoders write them, as data URLs, for tests of what the demo reads. */
const bytes = (...parts: Array<number[] | string>) =>
  parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
const be16 = (n: number) => [(n >> 8) & 255, n & 255];
const be32 = (n: number) => [...be16(Math.floor(n / 65536)), ...be16(n & 65535)];
const dataUrl = (type: string, b: number[]) =>
  `data:${type};base64,${btoa(String.fromCharCode(...b))}`;

/** A PNG's signature and IHDR chunk: all a size needs. */
export const pngDataUrl = (width: number, height: number) =>
  dataUrl(
    "image/png",
    bytes(
      [0x89],
      "PNG\r\n\x1a\n",
      be32(13),
      "IHDR",
      be32(width),
      be32(height),
      [8, 6, 0, 0, 0, 0, 0, 0, 0],
    ),
  );

/** A JPEG's start, a JFIF segment and a baseline frame header. */
export const jpegDataUrl = (width: number, height: number) =>
  dataUrl(
    "image/jpeg",
    bytes(
      [0xff, 0xd8, 0xff, 0xe0],
      be16(16),
      "JFIF\0",
      [1, 1, 0, 0, 1, 0, 1, 0, 0],
      [0xff, 0xc0],
      be16(17),
      [8],
      be16(height),
      be16(width),
      [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0, 0],
    ),
  );
