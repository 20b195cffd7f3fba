import { describe, expect, it } from "vitest";
import { listenAddress } from "./listen-address.ts";

describe("listenAddress", () => {
  it("defaults to 127.0.0.1:8787 and reads PORT and HOST", () => {
    expect(listenAddress({})).toEqual({ port: 8787, host: "127.0.0.1" });
    expect(listenAddress({ PORT: " 9000 ", HOST: "0.0.0.0" })).toEqual({
      port: 9000,
      host: "0.0.0.0",
    });
    expect(listenAddress({ PORT: "", HOST: "" })).toEqual({ port: 8787, host: "127.0.0.1" });
  });

  it("refuses a port that is not one, saying what to set", () => {
    for (const port of ["abc", "80.5", "-1", "70000"])
      expect(() => listenAddress({ PORT: port })).toThrow(
        `PORT must be a port number from 0 to 65535 (got "${port}")`,
      );
    expect(() => listenAddress({ HOST: "http://x" })).toThrow(/HOST must be an address/u);
  });
});
