import { describe, expect, it } from "vitest";
import { testKeys } from "../../test/sync-keys.ts";
import { encryptDocument } from "./document-cipher.ts";
import { opaqueId } from "./opaque-id.ts";
import { openRecord, sealRecord } from "./sealed-record.ts";

const HEAD = JSON.stringify({ id: "0a1b2c3d4e5f", title: "Trip to Ulaanbaatar" });

describe("sealRecord and openRecord", () => {
  it("carry the record's key and JSON under its opaque id", async () => {
    const keys = await testKeys();
    const sealed = await sealRecord(keys, "h:0a1b2c3d4e5f", HEAD);
    expect(sealed.id).toBe(await opaqueId(keys, "h:0a1b2c3d4e5f"));
    expect(JSON.stringify(sealed)).not.toContain("Ulaanbaatar");
    expect(await openRecord(keys, sealed.id, sealed.envelope)).toEqual({
      ok: true,
      value: { parleyKey: "h:0a1b2c3d4e5f", json: HEAD, revision: 1 },
    });
  });

  it("carry the record's revision inside, and read a record sealed before revisions as 0", async () => {
    const keys = await testKeys();
    const sealed = await sealRecord(keys, "h:0a1b2c3d4e5f", HEAD, 41);
    const opened = await openRecord(keys, sealed.id, sealed.envelope);
    expect(opened.ok && opened.value).toEqual({
      parleyKey: "h:0a1b2c3d4e5f",
      json: HEAD,
      revision: 41,
    });

    const old = await encryptDocument(keys, sealed.id, `h:0a1b2c3d4e5f\n${HEAD}`);
    const openedOld = await openRecord(keys, sealed.id, old);
    expect(openedOld.ok && openedOld.value).toEqual({
      parleyKey: "h:0a1b2c3d4e5f",
      json: HEAD,
      revision: 0,
    });
    await expect(sealRecord(keys, "h:0a1b2c3d4e5f", HEAD, 0)).rejects.toThrow(RangeError);
  });

  it("refuse a record's envelope stored under another record's id", async () => {
    const keys = await testKeys();
    const head = await sealRecord(keys, "h:0a1b2c3d4e5f", HEAD);
    const summary = await sealRecord(keys, "s:0a1b2c3d4e5f", "{}");
    expect(await openRecord(keys, summary.id, head.envelope)).toEqual({
      ok: false,
      error: { code: "decrypt_failed" },
    });
  });

  it("refuse an authentic document whose key inside names another id", async () => {
    const keys = await testKeys();
    const id = await opaqueId(keys, "h:0a1b2c3d4e5f");
    const envelope = await encryptDocument(keys, id, `s:0a1b2c3d4e5f\n${HEAD}`);
    expect(await openRecord(keys, id, envelope)).toEqual({
      ok: false,
      error: { code: "id_mismatch" },
    });
  });

  it("refuse a key with a line break, which would split differently when read", async () => {
    const keys = await testKeys();
    await expect(sealRecord(keys, "h:a\nb", HEAD)).rejects.toThrow(RangeError);
  });
});
