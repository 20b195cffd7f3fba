import { describe, expect, it } from "vitest";
import { scrubError, secretRedactor } from "./redact.ts";

const KEY = "sk-canary-9f8e7d6c5b4a39281706aa";
const redact = secretRedactor([KEY, undefined, "short"]);
const base64 = (text: string) => Buffer.from(text).toString("base64");

describe("masking secrets in what leaves the proxy", () => {
  it("up to 7 characters at each edge of a key showed: a whole key is one mask", () => {
    expect(redact(`key ${KEY} failed`)).toBe("key ******** failed");
    expect(redact(`${KEY}${KEY}`)).toBe("********");
  });

  it("a piece of 8 characters or more is masked whole; text around it is kept", () => {
    expect(redact(`a ${KEY.slice(3, 15)} b ${KEY.slice(20)}`)).toBe("a ******** b ********");
    expect(redact("nothing secret here")).toBe("nothing secret here");
  });

  it("matches the key whatever its case", () => {
    expect(redact(`KEY ${KEY.toUpperCase()} END`)).toBe("KEY ******** END");
  });

  it("matches the key written in base64 (standard or URL-safe), at any alignment", () => {
    for (const prefix of ["", "B", "Be", "Bearer ", "user:"]) {
      const encoded = base64(`${prefix}${KEY}`);
      const out = redact(`Basic ${encoded}`);
      expect(out).toContain("********");
      expect(out.length).toBeLessThan(`Basic ${encoded}`.length - 30);
      const url = encoded.replace(/\+/gu, "-").replace(/\//gu, "_");
      expect(redact(url)).toContain("********");
    }
  });

  it("matches the key URL-encoded or JSON-escaped, in any mixture of escapes", () => {
    const percent = [...KEY].map((c) => `%${c.charCodeAt(0).toString(16)}`).join("");
    expect(redact(`?key=${percent}&x=1`)).toBe("?key=********&x=1");
    expect(redact(`"${KEY.replace(/-/gu, "\\u002d")}"`)).toBe('"********"');
    expect(redact(`"${KEY.replace(/-/gu, "%2D")}"`)).toBe('"********"');
  });

  it("leaves a text with escapes but no secret exactly as it was", () => {
    const text = String.raw`path a%20b and \u00e9 and \n`;
    expect(redact(text)).toBe(text);
  });

  it("secrets shorter than 8 characters are not matched (too likely to be ordinary words)", () => {
    expect(redact("a short word")).toBe("a short word");
  });

  it("scrubs every string field of an error, not only its message", () => {
    expect(
      scrubError(
        {
          type: "upstream_stream_error",
          message: `bad ${KEY}`,
          status: 502,
          provider: "openai",
          code: `Bearer ${KEY}`,
        },
        redact,
      ),
    ).toEqual({
      type: "upstream_stream_error",
      message: "bad ********",
      status: 502,
      provider: "openai",
      code: "Bearer ********",
    });
  });
});
