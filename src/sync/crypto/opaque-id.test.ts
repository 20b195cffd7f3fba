import { describe, expect, it } from "vitest";
import { TEST_KDF, testSyncMeta } from "../../test/sync-keys.ts";
import { opaqueId } from "./opaque-id.ts";
import { unlock } from "./sync-meta.ts";

const KEY = "h:0a1b2c3d4e5f";

describe("opaqueId", () => {
  it("is the same on every device that unlocks the same metadata", async () => {
    const { meta, keys } = await testSyncMeta("one passphrase");
    const other = await unlock("one passphrase", JSON.parse(JSON.stringify(meta)), TEST_KDF);
    if (!other.ok) throw new Error(other.error.code);
    expect(await opaqueId(other.value, KEY)).toBe(await opaqueId(keys, KEY));
    expect(await opaqueId(keys, KEY)).toBe(await opaqueId(keys, KEY));
  });

  it("differs for another passphrase", async () => {
    const one = (await testSyncMeta("one passphrase")).keys;
    const two = (await testSyncMeta("two passphrase")).keys;
    expect(await opaqueId(one, KEY)).not.toBe(await opaqueId(two, KEY));
  });

  it("differs for the same passphrase with another salt", async () => {
    const one = (await testSyncMeta("one passphrase")).keys;
    const again = (await testSyncMeta("one passphrase")).keys;
    expect(await opaqueId(one, KEY)).not.toBe(await opaqueId(again, KEY));
  });

  it("differs for each record and says nothing of its kind or session", async () => {
    const { keys } = await testSyncMeta();
    const ids = await Promise.all(
      ["s:0a1b2c3d4e5f", KEY, "m:0a1b2c3d4e5f:0", "m:0a1b2c3d4e5f:1"].map((k) => opaqueId(keys, k)),
    );
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) {
      expect(id).toMatch(/^d[A-Za-z0-9_-]{43}$/);
      expect(id).not.toContain("0a1b2c");
    }
  });
});
