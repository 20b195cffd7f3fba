import type { RandomBytes } from "./env.ts";

const ID_BYTES = 6;

/** 12 lowercase hex characters from 6 random bytes. */
export function newId(randomBytes: RandomBytes): string {
  const bytes = randomBytes(ID_BYTES);
  if (bytes.length !== ID_BYTES)
    throw new Error(`randomBytes returned ${bytes.length} bytes, expected ${ID_BYTES}`);
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

export const ID_PATTERN = /^[0-9a-f]{12}$/;
