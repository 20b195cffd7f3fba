import type { RandomBytes } from "../core/env.ts";

/** Bytes of a counter, big-endian, one step per call: ids come out as 000000000001, 000000000002, … */
export function counterRandomBytes(start = 1): RandomBytes {
  let counter = start;
  return (length) => {
    const bytes = new Uint8Array(length);
    let value = counter++;
    for (let i = length - 1; i >= 0 && value > 0; i--) {
      bytes[i] = value % 256;
      value = Math.floor(value / 256);
    }
    return bytes;
  };
}
