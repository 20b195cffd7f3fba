import { describe, expect, it } from "vitest";
import { toBase64Url } from "./bytes.ts";
import { openEnvelope, sealEnvelope } from "./envelope.ts";

const nonce = new Uint8Array(12).fill(7);
const ciphertext = new Uint8Array(40).fill(9);
const good = sealEnvelope(nonce, ciphertext);

describe("openEnvelope", () => {
  it("reads what sealEnvelope wrote, ignoring CouchDB's own fields", () => {
    expect(openEnvelope({ ...good, _id: "dabc", _rev: "1-x" })).toEqual({
      ok: true,
      value: { nonce, ciphertext },
    });
  });

  it("tells a newer envelope version apart from damage", () => {
    expect(openEnvelope({ ...good, v: 2 })).toEqual({
      ok: false,
      error: { code: "unsupported_envelope_version", version: 2 },
    });
  });

  it.each([
    ["not an object", "text", ""],
    ["null", null, ""],
    ["a version that is a string", { ...good, v: "1" }, "v"],
    ["version 0", { ...good, v: 0 }, "v"],
    ["no nonce", { v: 1, c: good.c }, "n"],
    ["a nonce that is a number", { ...good, n: 12 }, "n"],
    ["a nonce of 11 bytes", { ...good, n: toBase64Url(new Uint8Array(11)) }, "n"],
    ["a nonce of 13 bytes", { ...good, n: toBase64Url(new Uint8Array(13)) }, "n"],
    ["a nonce in padded base64", { ...good, n: `${good.n}==` }, "n"],
    ["a nonce with + and /", { ...good, n: "+/+/+/+/+/+/+/+/" }, "n"],
    ["no ciphertext", { v: 1, n: good.n }, "c"],
    ["a ciphertext shorter than its tag", { ...good, c: toBase64Url(new Uint8Array(16)) }, "c"],
    ["a ciphertext spelt with stray bits", { ...good, c: `${good.c.slice(0, -1)}B` }, "c"],
    ["a ciphertext of an impossible length", { ...good, c: `${good.c}AAA` }, "c"],
  ])("refuses %s", (_what, value, path) => {
    expect(openEnvelope(value)).toEqual({ ok: false, error: { code: "invalid_envelope", path } });
  });
});
