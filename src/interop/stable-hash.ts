/**
 * A 64-bit FNV-1a style hash of a string's UTF-16 code units in two 32-bit lanes, as 16 hex
 * characters. Not cryptographic: it derives stable ids and compares content.
 */
export function stableHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  a ^= b >>> 7;
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** A 12-hex session id derived from where a conversation came from, so importing it again finds it. */
export function stableSessionId(source: string): string {
  return stableHash(source).slice(0, 12);
}
