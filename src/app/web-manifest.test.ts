import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

const ROOT = join(import.meta.dirname, "../..");
const PUBLIC = join(ROOT, "public");

const manifest = z
  .object({
    name: z.string().min(1),
    start_url: z.string(),
    display: z.string(),
    icons: z.array(
      z.object({
        src: z.string(),
        sizes: z.string(),
        type: z.string(),
        purpose: z.string().optional(),
      }),
    ),
  })
  .parse(JSON.parse(readFileSync(join(PUBLIC, "manifest.webmanifest"), "utf8")));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the web app manifest (installable, issue 15)", () => {
  it("opens standalone at the app's root", () => {
    expect(manifest.display).toBe("standalone");
    expect(manifest.start_url).toBe("/");
  });

  it("has real PNG icons of 192 and 512 px, one of them maskable, each of the size it says", () => {
    const pngs = manifest.icons.filter((icon) => icon.type === "image/png");
    for (const icon of pngs)
      expect(pngSize(readFileSync(join(PUBLIC, icon.src))), icon.src).toBe(icon.sizes);
    expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(pngs.some((icon) => icon.purpose === "maskable")).toBe(true);
  });

  it("is linked from the page, with an icon for iOS's home screen", () => {
    const html = readFileSync(join(ROOT, "index.html"), "utf8");
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(html)?.[1];
    expect(touch && pngSize(readFileSync(join(PUBLIC, touch)))).toBe("192x192");
  });
});
