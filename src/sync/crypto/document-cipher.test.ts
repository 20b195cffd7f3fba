import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flipBase64Url, testKeys } from "../../test/sync-keys.ts";
import { fromBase64Url } from "./bytes.ts";
import { decryptDocument, encryptDocument } from "./document-cipher.ts";

const ID = "dQmVhYzRiZjE1YjQ3ZDA5ZWY3NmE5YjQ0ZTk3ZDE2M2M";
const MESSAGE = JSON.stringify({
  id: "m1",
  role: "user",
  content: "What is the capital of Mongolia? 乌兰巴托 🙂",
});

describe("encryptDocument and decryptDocument", () => {
  it("give back the JSON text that was encrypted", async () => {
    const keys = await testKeys();
    const envelope = await encryptDocument(keys, ID, MESSAGE);
    expect(await decryptDocument(keys, ID, envelope)).toEqual({ ok: true, value: MESSAGE });
  });

  it("round-trips any JSON value", async () => {
    const keys = await testKeys();
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const json = JSON.stringify(value);
        const decrypted = await decryptDocument(keys, ID, await encryptDocument(keys, ID, json));
        expect(decrypted).toEqual({ ok: true, value: json });
      }),
      { numRuns: 60 },
    );
  });

  it("compresses repetitive JSON before encrypting it", async () => {
    const keys = await testKeys();
    const json = JSON.stringify({ content: "All work and no play. ".repeat(200) });
    const envelope = await encryptDocument(keys, ID, json);
    expect(fromBase64Url(envelope.c)?.length).toBeLessThan(json.length / 10);
    expect(await decryptDocument(keys, ID, envelope)).toEqual({ ok: true, value: json });
  });

  it("uses a new random nonce for every write, so equal documents look different", async () => {
    const keys = await testKeys();
    const first = await encryptDocument(keys, ID, MESSAGE);
    const second = await encryptDocument(keys, ID, MESSAGE);
    expect(first.n).not.toBe(second.n);
    expect(first.c).not.toBe(second.c);
    expect(fromBase64Url(first.n)).toHaveLength(12);
  });

  it("never puts the plain text in the envelope", async () => {
    const keys = await testKeys();
    const text = JSON.stringify(await encryptDocument(keys, ID, MESSAGE));
    expect(text).not.toContain("Mongolia");
    expect(text).not.toContain("user");
  });

  it("refuses a changed ciphertext", async () => {
    const keys = await testKeys();
    const envelope = await encryptDocument(keys, ID, MESSAGE);
    const changed = { ...envelope, c: flipBase64Url(envelope.c) };
    expect(await decryptDocument(keys, ID, changed)).toEqual({
      ok: false,
      error: { code: "decrypt_failed" },
    });
  });

  it("refuses a changed nonce", async () => {
    const keys = await testKeys();
    const envelope = await encryptDocument(keys, ID, MESSAGE);
    const changed = { ...envelope, n: flipBase64Url(envelope.n, 0) };
    expect(await decryptDocument(keys, ID, changed)).toEqual({
      ok: false,
      error: { code: "decrypt_failed" },
    });
  });

  it("refuses a ciphertext moved to another document id", async () => {
    const keys = await testKeys();
    const envelope = await encryptDocument(keys, ID, MESSAGE);
    expect(await decryptDocument(keys, flipBase64Url(ID), envelope)).toEqual({
      ok: false,
      error: { code: "decrypt_failed" },
    });
  });

  it("refuses a document written under another passphrase", async () => {
    const envelope = await encryptDocument(await testKeys("one"), ID, MESSAGE);
    expect(await decryptDocument(await testKeys("two"), ID, envelope)).toEqual({
      ok: false,
      error: { code: "decrypt_failed" },
    });
  });

  it("reports an envelope that is not one with its code, before decrypting", async () => {
    const keys = await testKeys();
    expect(await decryptDocument(keys, ID, { v: 1, n: "AAAA" })).toEqual({
      ok: false,
      error: { code: "invalid_envelope", path: "n" },
    });
  });
});
