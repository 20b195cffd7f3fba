/** The SHA-256 of `bytes` as 64 lowercase hex characters (Web Crypto). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The base64 methods of ES2026 (Chromium 140, Firefox 133, Safari 18.2), where the engine has them. */
interface NativeBase64 {
  toBase64?: (this: Uint8Array) => string;
}
const fromBase64 = (Uint8Array as unknown as { fromBase64?: (data: string) => Uint8Array })
  .fromBase64;

/** Bytes turned into a string per call: spreading more makes `fromCharCode` several times slower. */
const CHARS = 0x2000;

/** `bytes` as base64: the engine's own where it has one, else `btoa` over 8 kB slices. */
export function base64Of(bytes: Uint8Array): string {
  const native = (Uint8Array.prototype as NativeBase64).toBase64;
  if (native) return native.call(bytes);
  const slices: string[] = [];
  for (let i = 0; i < bytes.length; i += CHARS)
    slices.push(
      String.fromCharCode.apply(null, bytes.subarray(i, i + CHARS) as unknown as number[]),
    );
  return btoa(slices.join(""));
}

/** The bytes of standard base64 text (checked before: only its alphabet and padding). */
export function bytesOfBase64(data: string): Uint8Array {
  if (fromBase64) return fromBase64(data);
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
