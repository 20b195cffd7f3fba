import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import { CONTENT_SECURITY_POLICY } from "./content-security-policy.ts";
import { staticSite } from "./static-site.ts";

describe("the Node entry serves the built client next to the API", () => {
  const root = mkdtempSync(join(tmpdir(), "parley-static-"));
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>Parley</title>");
  writeFileSync(join(root, "assets", "app-1a2b3c.js"), "console.log(1)");
  writeFileSync(join(root, "manifest.webmanifest"), "{}");
  const secret = `${basename(root)}-secret.txt`;
  writeFileSync(join(root, "..", secret), "outside");
  const app = createApp({ config: loadConfig({}), log: () => {} }, { fallback: staticSite(root) });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(join(root, "..", secret), { force: true });
  });

  it("hashed assets are cached for a year, other files revalidated", async () => {
    const asset = await app.request("/assets/app-1a2b3c.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toContain("text/javascript");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await asset.text()).toBe("console.log(1)");
    const manifest = await app.request("/manifest.webmanifest");
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    const etag = manifest.headers.get("etag") ?? "";
    expect(
      (await app.request("/manifest.webmanifest", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
  });

  it("an app route gets index.html; a missing file is 404; the API keeps its own 404", async () => {
    const route = await app.request("/c/0123456789ab");
    expect(route.status).toBe(200);
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect(await route.text()).toContain("<title>Parley</title>");
    expect((await app.request("/assets/missing-123.js")).status).toBe(404);
    const api = await app.request("/v1/nothing");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { type: "not_found" } });
  });

  it("the app was sent with no Content-Security-Policy: every file now carries a strict one", async () => {
    for (const path of ["/", "/c/0123456789ab", "/assets/app-1a2b3c.js"]) {
      const policy = (await app.request(path)).headers.get("content-security-policy") ?? "";
      const directives = new Map(
        policy.split(";").map((d) => {
          const [name = "", ...values] = d.trim().split(/\s+/u);
          return [name, values] as const;
        }),
      );
      expect(directives.get("default-src")).toEqual(["'self'"]);
      expect(directives.get("script-src")).toEqual(["'self'"]);
      expect(directives.get("connect-src")).toEqual(["'self'"]);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy).not.toContain("unsafe-");
    }
  });

  it("the Workers assets carry the same policy as the Node entry (public/_headers)", () => {
    const headers = readFileSync(new URL("../public/_headers", import.meta.url), "utf8");
    expect(headers).toContain(`Content-Security-Policy: ${CONTENT_SECURITY_POLICY}`);
  });

  it("never serves a file outside the client folder", async () => {
    for (const path of [`/../${secret}`, `/%2e%2e/${secret}`, `/assets/..%2f..%2f${secret}`]) {
      const response = await app.request(path);
      expect(await response.text()).not.toContain("outside");
    }
  });

  it("HEAD answers without a body; other methods are refused", async () => {
    const head = await app.request("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await app.request("/", { method: "DELETE" })).status).toBe(405);
  });
});
