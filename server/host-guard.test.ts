import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { loadConfig } from "./config/load-config.ts";
import { hostAllowed } from "./middleware/host-guard.ts";
import { listen } from "./test/listen.ts";

/** A GET with the Host header set by hand, as a DNS-rebinding page's browser would send it. */
function getWithHost(origin: string, path: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const url = new URL(path, origin);
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (piece: string) => {
        body += piece;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("host names (DNS rebinding)", () => {
  it("allows local names and IP addresses always, listed names and .domains when set", () => {
    for (const host of ["localhost", "app.localhost", "127.0.0.1", "192.168.1.20", "::1"])
      expect(hostAllowed(host, [])).toBe(true);
    expect(hostAllowed("evil.example", [])).toBe(false);
    expect(hostAllowed("127.0.0.1.evil.example", [])).toBe(false);
    expect(hostAllowed("chat.example.com", ["chat.example.com"])).toBe(true);
    expect(hostAllowed("x.chat.example.com", ["chat.example.com"])).toBe(false);
    expect(hostAllowed("a.example.org", [".example.org"])).toBe(true);
    expect(hostAllowed("example.org", [".example.org"])).toBe(true);
    expect(hostAllowed("badexample.org", [".example.org"])).toBe(false);
    expect(hostAllowed("anything.test", "any")).toBe(true);
  });

  it("a request sent to another name is refused with 403 on /v1, naming the setting; the page itself still loads", async () => {
    const app = createApp(
      { config: loadConfig({ DEMO_DELAY_MS: "0" }) },
      { fallback: () => new Response("the app") },
    );
    const server = await listen(app);
    try {
      const rebound = await getWithHost(server.origin, "/v1/models", "evil.example:8787");
      expect(rebound.status).toBe(403);
      expect(JSON.parse(rebound.body)).toEqual({
        error: {
          type: "host_not_allowed",
          status: 403,
          provider: null,
          message: expect.stringContaining("PARLEY_ALLOWED_HOSTS"),
        },
      });
      expect((await getWithHost(server.origin, "/v1/models", "localhost:8787")).status).toBe(200);
      expect((await fetch(`${server.origin}/v1/models`)).status).toBe(200);
      expect((await getWithHost(server.origin, "/", "evil.example")).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("a listed name is served", async () => {
    const app = createApp({
      config: loadConfig({ DEMO_DELAY_MS: "0", PARLEY_ALLOWED_HOSTS: "chat.example.com" }),
    });
    const server = await listen(app);
    try {
      expect((await getWithHost(server.origin, "/v1/models", "chat.example.com")).status).toBe(200);
      expect((await getWithHost(server.origin, "/v1/models", "other.example.com")).status).toBe(
        403,
      );
    } finally {
      await server.close();
    }
  });
});
