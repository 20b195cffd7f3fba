import { getOrCreateDB } from "express-pouchdb/lib/create-or-delete-dbs.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, syncServerApp } from "../../../scripts/sync-server.mjs";

const { app, PouchDB } = syncServerApp();
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(app);
});
afterAll(() => server.close());

describe("scripts/sync-server.mjs, a deleted database", () => {
  it("stays deleted when a request that passed its existence check opens it afterwards", async () => {
    const db = `${server.url}/gone`;
    expect((await fetch(db, { method: "PUT" })).status).toBe(201);
    expect((await fetch(`${db}/doc`, { method: "PUT", body: "{}" })).status).toBe(201);
    expect((await fetch(db, { method: "DELETE" })).status).toBe(200);
    // What express-pouchdb does for a request whose check ran before the delete.
    await getOrCreateDB(PouchDB, "gone");

    expect((await fetch(db)).status).toBe(404);
    expect(
      (
        await fetch(`${db}/_bulk_docs`, {
          method: "POST",
          body: '{"docs":[{}]}',
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(404);
    expect((await fetch(db, { method: "PUT" })).status).toBe(201);
    const info = (await (await fetch(db)).json()) as { doc_count: number };
    expect(info.doc_count).toBe(0);
  });
});
