import { pngFile } from "../bench/data/png-file.ts";

/** A grey PNG of the given size (8-bit greyscale), for attaching without a fixture file. */
export function greyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const row = Buffer.alloc(width + 1, 0x80);
  row[0] = 0;
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return pngFile(header, raw);
}
