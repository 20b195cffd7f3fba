import { describe, expect, it } from "vitest";
import { firstEncoding } from "./image-encoding.ts";

const MP = 1_000_000;

describe("firstEncoding", () => {
  it("a photo saved as PNG, with no transparent pixel, goes as a JPEG", () => {
    expect(firstEncoding("image/png", 5 * MP, 5.5 * MP, () => true)).toEqual({
      type: "image/jpeg",
      quality: 0.85,
    });
  });

  it("a photo PNG with transparency stays a PNG, and its pixels are only read for a photo", () => {
    expect(firstEncoding("image/png", 5 * MP, 5.5 * MP, () => false).type).toBe("image/png");
    const never = () => {
      throw new Error("a screenshot's pixels were read");
    };
    expect(firstEncoding("image/png", 0.4 * MP, 3 * MP, never).type).toBe("image/png");
    expect(firstEncoding("image/gif", 0.2 * MP, 1 * MP, never).type).toBe("image/png");
  });

  it("a JPEG or WebP keeps its type", () => {
    expect(firstEncoding("image/jpeg", 5 * MP, 12 * MP, () => true).type).toBe("image/jpeg");
    expect(firstEncoding("image/webp", 5 * MP, 2 * MP, () => true).type).toBe("image/webp");
  });
});
