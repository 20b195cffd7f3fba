#!/usr/bin/env node
// Draws the app's PNG icons (public/icons/) from public/icon.svg in Chromium, the browser the
// tests use: 192 and 512 px as the SVG is, and a maskable 512 px one whose mark sits inside the
// central 80 % that every launcher mask keeps. Run again after changing the SVG.
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = resolve(fileURLToPath(import.meta.url), "../..");
const svg = readFileSync(join(root, "public/icon.svg"), "utf8");
const out = join(root, "public/icons");
mkdirSync(out, { recursive: true });

const plain = (size) =>
  `<body style="margin:0"><img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${size}" height="${size}" style="display:block"></body>`;
// The mark at 64 % on the icon's own blue, filling the square: a mask may cut any corner.
const maskable = (size) =>
  `<body style="margin:0;background:#2f5d8a"><img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${size * 0.64}" height="${size * 0.64}" style="display:block;margin:${size * 0.18}px"></body>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  for (const [name, size, html] of [
    ["icon-192.png", 192, plain(192)],
    ["icon-512.png", 512, plain(512)],
    ["icon-maskable-512.png", 512, maskable(512)],
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(html);
    await page.locator("img").evaluate((img) => img.decode());
    await page.screenshot({ path: join(out, name), omitBackground: true });
    await page.close();
    console.log(`public/icons/${name}`);
  }
} finally {
  await browser.close();
}
