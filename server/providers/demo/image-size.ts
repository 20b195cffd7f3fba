/** The width and height of an image, in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * How much of an image's base64 the demo decodes to find its size: far more than any header
 * needs, a JPEG's EXIF and colour profile included, and a bound on its work per image.
 */
const HEAD_CHARS = 512 * 1024;

/** The first bytes of a base64 text, decoded (at most `HEAD_CHARS` characters of it). */
export function decodeHead(base64: string): Uint8Array {
  const head = base64.slice(0, HEAD_CHARS);
  const whole = head.length - (head.length % 4);
  let text: string;
  try {
    text = atob(head.slice(0, whole));
  } catch {
    return new Uint8Array(0);
  }
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const be16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const le16 = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, i: number) => le16(b, i) | ((b[i + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, i: number) => be16(b, i) * 65536 + be16(b, i + 2);
const ascii = (b: Uint8Array, i: number, text: string) =>
  [...text].every((c, k) => b[i + k] === c.charCodeAt(0));

const size = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 ? { width, height } : null;

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2;
      continue;
    }
    // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return size(be16(b, i + 7), be16(b, i + 5));
    i += 2 + be16(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (ascii(b, 12, "VP8 ")) return size(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  if (ascii(b, 12, "VP8L") && b[20] === 0x2f) {
    const bits = le16(b, 21) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, "VP8X")) return size(le24(b, 24) + 1, le24(b, 27) + 1);
  return null;
}

/** The size written in a PNG, JPEG, WebP or GIF header, told by its first bytes; null if unreadable. */
export function imageSize(b: Uint8Array): ImageSize | null {
  if (b[0] === 0x89 && ascii(b, 1, "PNG\r\n\u001a\n") && ascii(b, 12, "IHDR"))
    return size(be32(b, 16), be32(b, 20));
  if (ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a")) return size(le16(b, 6), le16(b, 8));
  if (b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP")) return webpSize(b);
  return null;
}
