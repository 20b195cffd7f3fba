import { pngFile } from "./png-file.ts";
import { createRng } from "./rng.ts";

/**
 * A photo-like RGB PNG: smooth colour gradients under a few soft blobs, and sensor-like noise of
 * `noise` levels either way, which is what keeps a photo from compressing (the amount sets the
 * file's size). Rows use PNG's Sub filter, as an encoder would. The same arguments give the
 * same bytes.
 */
export function photoPng(width: number, height: number, seed: number, noise = 3): Buffer {
  const rng = createRng(seed);
  const blobs = Array.from({ length: 3 }, () => ({
    x: rng.next() * width,
    y: rng.next() * height,
    r2: ((0.15 + rng.next() * 0.3) * Math.min(width, height)) ** 2,
    rgb: [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)],
  }));
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    raw[row] = 1;
    let left = [0, 0, 0];
    for (let x = 0; x < width; x++) {
      let pixel = [
        (x / width) * 200 + 30,
        (y / height) * 180 + 40,
        ((x + y) / (width + height)) * 160 + 60,
      ];
      for (const blob of blobs) {
        const d2 = ((x - blob.x) ** 2 + (y - blob.y) ** 2) / blob.r2;
        if (d2 >= 1) continue;
        const w = (1 - d2) * 0.6;
        pixel = pixel.map((v, c) => v + ((blob.rgb[c] ?? 0) - v) * w);
      }
      const value = pixel.map((v) => Math.min(255, Math.max(0, (v | 0) + rng.int(-noise, noise))));
      value.forEach((v, c) => {
        raw[row + 1 + x * 3 + c] = (v - (left[c] ?? 0)) & 0xff;
      });
      left = value;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return pngFile(header, raw);
}
