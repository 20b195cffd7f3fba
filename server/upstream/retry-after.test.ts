import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, retryAfterMs } from "./retry-after.ts";

const wait = (headers: Record<string, string>) => retryAfterMs(new Headers(headers), 1_000_000);

describe("how long an upstream asks to wait", () => {
  it("reads retry-after-ms, retry-after in seconds and as a date", () => {
    expect(wait({ "retry-after-ms": "150" })).toBe(150);
    expect(wait({ "retry-after": "2" })).toBe(2000);
    expect(wait({ "retry-after": new Date(1_000_000 + 5000).toUTCString() })).toBe(5000);
    expect(wait({})).toBeNull();
    expect(wait({ "retry-after": "soon" })).toBeNull();
  });

  it("a wait past a day (1e308 seconds, a date in the year 9999) is taken as a day", () => {
    expect(wait({ "retry-after": "1e308" })).toBe(MAX_RETRY_AFTER_MS);
    expect(wait({ "retry-after-ms": "1e308" })).toBe(MAX_RETRY_AFTER_MS);
    expect(wait({ "retry-after": "Fri, 31 Dec 9999 23:59:59 GMT" })).toBe(MAX_RETRY_AFTER_MS);
  });
});
