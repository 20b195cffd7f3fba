import { describe, expect, it } from "vitest";
import { safeImageSrc, safeLinkHref } from "./safe-url.ts";

describe("safeLinkHref", () => {
  it("keeps http, https and mailto, normalised", () => {
    expect(safeLinkHref("HTTPS://Example.com")).toBe("https://example.com/");
    expect(safeLinkHref(" http://a.b/c?d=1 ")).toBe("http://a.b/c?d=1");
    expect(safeLinkHref("mailto:x@y.z")).toBe("mailto:x@y.z");
  });

  it("refuses every other scheme, including ones hidden by case, tabs or newlines", () => {
    for (const raw of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "java\nscript:alert(1)",
      "vbscript:msgbox",
      "data:text/html,<b>",
      "file:///etc/passwd",
      "ftp://x",
      "//evil.example",
      "relative/path",
      "",
    ]) {
      expect(safeLinkHref(raw), raw).toBeNull();
    }
  });
});

describe("safeImageSrc", () => {
  it("allows only http and https images", () => {
    expect(safeImageSrc("https://a.b/c.png")).toBe("https://a.b/c.png");
    expect(safeImageSrc("data:image/svg+xml;base64,AAAA")).toBeNull();
    expect(safeImageSrc("data:image/png;base64,AAAA")).toBeNull();
    expect(safeImageSrc("mailto:a@b.c")).toBeNull();
  });
});
