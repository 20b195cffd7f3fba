import {
  createSyncMeta,
  type KdfOptions,
  type SyncKeys,
  type SyncMeta,
} from "../sync/crypto/index.ts";

/** Far below the production floor, so a unit test derives keys in a millisecond. */
export const TEST_ITERATIONS = 1_000;
export const TEST_KDF: KdfOptions = {
  iterations: TEST_ITERATIONS,
  testOnlyMinIterations: TEST_ITERATIONS,
};

/** A new metadata document (random salt) and its keys, at the test iteration count. */
export async function testSyncMeta(
  passphrase = "correct horse battery staple",
): Promise<{ meta: SyncMeta; keys: SyncKeys }> {
  const created = await createSyncMeta(passphrase, TEST_KDF);
  if (!created.ok) throw new Error(`createSyncMeta: ${created.error.code}`);
  return created.value;
}

export async function testKeys(passphrase?: string): Promise<SyncKeys> {
  return (await testSyncMeta(passphrase)).keys;
}

/** `text` with the character at `index` replaced by another base64url character. */
export function flipBase64Url(text: string, index = Math.floor(text.length / 2)): string {
  const char = text[index] === "A" ? "B" : "A";
  return text.slice(0, index) + char + text.slice(index + 1);
}
