import { describe, expect, it } from "vitest";
import { flipBase64Url, TEST_ITERATIONS, TEST_KDF, testSyncMeta } from "../../test/sync-keys.ts";
import { toBase64Url } from "./bytes.ts";
import { decryptDocument, encryptDocument } from "./document-cipher.ts";
import { PBKDF2_MIN_ITERATIONS } from "./kdf.ts";
import { createSyncMeta, type SyncMeta, unlock } from "./sync-meta.ts";

const PASSPHRASE = "correct horse battery staple";
/** As it comes back from the server: parsed JSON, not the object that was written. */
const fromServer = (meta: SyncMeta): unknown => JSON.parse(JSON.stringify(meta));

describe("createSyncMeta and unlock", () => {
  it("give another device the same keys for the same passphrase", async () => {
    const { meta, keys } = await testSyncMeta(PASSPHRASE);
    const unlocked = await unlock(PASSPHRASE, fromServer(meta), TEST_KDF);
    if (!unlocked.ok) throw new Error(unlocked.error.code);
    const envelope = await encryptDocument(keys, "dx", '{"a":1}');
    expect(await decryptDocument(unlocked.value, "dx", envelope)).toEqual({
      ok: true,
      value: '{"a":1}',
    });
  });

  it("write a 16-byte random salt and the KDF's name and iterations", async () => {
    const first = (await testSyncMeta()).meta;
    const second = (await testSyncMeta()).meta;
    expect(first.kdf).toMatchObject({ name: "PBKDF2-SHA-256", iterations: TEST_ITERATIONS });
    expect(first.kdf.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.kdf.salt).not.toBe(second.kdf.salt);
  });

  it("tell a wrong passphrase by the key check", async () => {
    const { meta } = await testSyncMeta(PASSPHRASE);
    expect(await unlock("correct horse battery stapler", fromServer(meta), TEST_KDF)).toEqual({
      ok: false,
      error: { code: "wrong_passphrase" },
    });
  });

  it("read a passphrase typed in either Unicode form alike", async () => {
    const { meta } = await testSyncMeta("caf\u00e9 cr\u00e8me");
    const unlocked = await unlock("cafe\u0301 cre\u0300me", fromServer(meta), TEST_KDF);
    expect(unlocked.ok).toBe(true);
  });

  it("tell a changed salt by the key check", async () => {
    const { meta } = await testSyncMeta(PASSPHRASE);
    const changed = { ...meta, kdf: { ...meta.kdf, salt: flipBase64Url(meta.kdf.salt, 0) } };
    expect(await unlock(PASSPHRASE, changed, TEST_KDF)).toEqual({
      ok: false,
      error: { code: "wrong_passphrase" },
    });
  });

  it("refuse an empty passphrase", async () => {
    expect(await createSyncMeta("", TEST_KDF)).toEqual({
      ok: false,
      error: { code: "empty_passphrase" },
    });
  });

  it("work at the production iteration count", async () => {
    const created = await createSyncMeta(PASSPHRASE);
    if (!created.ok) throw new Error(created.error.code);
    expect(created.value.meta.kdf.iterations).toBeGreaterThanOrEqual(600_000);
    expect((await unlock(PASSPHRASE, fromServer(created.value.meta))).ok).toBe(true);
  });
});

describe("the iteration floor", () => {
  it("is 600,000", () => {
    expect(PBKDF2_MIN_ITERATIONS).toBe(600_000);
  });

  it("refuses metadata asking for fewer iterations unless a test lowers it", async () => {
    const { meta } = await testSyncMeta(PASSPHRASE);
    expect(await unlock(PASSPHRASE, fromServer(meta))).toEqual({
      ok: false,
      error: { code: "weak_kdf", iterations: TEST_ITERATIONS, minimum: 600_000 },
    });
  });

  it("refuses 599,999 iterations on the production path", async () => {
    const { meta } = await testSyncMeta(PASSPHRASE);
    const weak = { ...meta, kdf: { ...meta.kdf, iterations: 599_999 } };
    expect(await unlock(PASSPHRASE, weak)).toEqual({
      ok: false,
      error: { code: "weak_kdf", iterations: 599_999, minimum: 600_000 },
    });
  });

  it("refuses to create metadata with fewer iterations", async () => {
    expect(await createSyncMeta(PASSPHRASE, { iterations: 100_000 })).toEqual({
      ok: false,
      error: { code: "weak_kdf", iterations: 100_000, minimum: 600_000 },
    });
  });
});

describe("unlock with metadata it cannot use", () => {
  it("names a KDF it does not know", async () => {
    const { meta } = await testSyncMeta();
    const argon = { ...meta, kdf: { ...meta.kdf, name: "Argon2id" } };
    expect(await unlock(PASSPHRASE, argon, TEST_KDF)).toEqual({
      ok: false,
      error: { code: "unsupported_kdf", name: "Argon2id" },
    });
  });

  it("tells a newer metadata version apart from damage", async () => {
    const { meta } = await testSyncMeta();
    expect(await unlock(PASSPHRASE, { ...meta, version: 2 }, TEST_KDF)).toEqual({
      ok: false,
      error: { code: "unsupported_meta_version", version: 2 },
    });
  });

  it.each([
    ["no metadata", () => null, ""],
    [
      "a salt of 8 bytes",
      (m: SyncMeta) => ({ ...m, kdf: { ...m.kdf, salt: "AAAAAAAAAAA" } }),
      "kdf.salt",
    ],
    [
      "a salt that is not base64url",
      (m: SyncMeta) => ({ ...m, kdf: { ...m.kdf, salt: "a+b/c=" } }),
      "kdf.salt",
    ],
    [
      "iterations that are not a whole number",
      (m: SyncMeta) => ({ ...m, kdf: { ...m.kdf, iterations: 7e5 + 0.5 } }),
      "kdf.iterations",
    ],
    [
      "a billion iterations",
      (m: SyncMeta) => ({ ...m, kdf: { ...m.kdf, iterations: 1e9 } }),
      "kdf.iterations",
    ],
    ["no key check", (m: SyncMeta) => ({ version: m.version, kdf: m.kdf }), "keyCheck"],
    [
      "a key check that is no envelope",
      (m: SyncMeta) => ({ ...m, keyCheck: { v: 1, n: "x", c: "y" } }),
      "keyCheck",
    ],
  ])("reports %s as invalid_meta with its path", async (_what, change, path) => {
    const { meta } = await testSyncMeta();
    expect(await unlock(PASSPHRASE, change(meta), TEST_KDF)).toEqual({
      ok: false,
      error: { code: "invalid_meta", path },
    });
  });

  it("reports an authentic key check that is not the marker as invalid_meta", async () => {
    const { meta, keys } = await testSyncMeta();
    const keyCheck = await encryptDocument(keys, "parley-sync", '"something else"');
    expect(await unlock(PASSPHRASE, { ...meta, keyCheck }, TEST_KDF)).toEqual({
      ok: false,
      error: { code: "invalid_meta", path: "keyCheck" },
    });
  });

  it("reads a salt longer than 16 bytes, and its key check then tells it was changed", async () => {
    const { meta } = await testSyncMeta();
    const salt = toBase64Url(new Uint8Array(32).fill(1));
    const longSalt = { ...meta, kdf: { ...meta.kdf, salt } };
    expect(await unlock(PASSPHRASE, longSalt, TEST_KDF)).toEqual({
      ok: false,
      error: { code: "wrong_passphrase" },
    });
  });
});
