import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";

const APP = "http://127.0.0.1:4178";
let server: RunningSyncServer;

beforeAll(async () => {
  server = await startSyncServer([APP]);
});

afterAll(() => server.stop());

const preflight = (origin: string) =>
  fetch(`${server.url}/parley`, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "PUT",
      "Access-Control-Request-Headers": "content-type, authorization",
    },
  });

describe("scripts/sync-server.mjs", () => {
  it("answers as a CouchDB server, in memory", async () => {
    const root = await (await fetch(server.url)).json();
    expect(root).toMatchObject({ "pouchdb-adapters": ["memory"] });
    await server.createDatabase("parley");
    const all = await (await fetch(`${server.url}/_all_dbs`)).json();
    expect(all).toContain("parley");
  });

  it("lets the app's origin call it with credentials", async () => {
    const response = await preflight(APP);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-allow-credentials")).toBe("true");
    expect(response.headers.get("access-control-allow-methods")).toContain("PUT");
    expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
  });

  it("gives any other origin no CORS permission", async () => {
    const response = await preflight("http://127.0.0.1:9999");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });
});
