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

/** Reproducible pseudo-random bytes (xorshift32) for tests that need ids that look random. */
export function seededRandomBytes(seed = 0x2f6b_1a3d): RandomBytes {
  let x = seed >>> 0 || 1;
  return (length) => {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      x ^= x << 13;
      x >>>= 0;
      x ^= x >>> 17;
      x ^= x << 5;
      x >>>= 0;
      bytes[i] = x & 0xff;
    }
    return bytes;
  };
}
