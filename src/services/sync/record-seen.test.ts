import { describe, expect, it } from "vitest";
import type { PouchDatabase } from "../../sync/replication/pouch-types.ts";
import { recordSeenIfReachable } from "./rollback.ts";

/** A remote database whose `info` fails as `error`; nothing else of it is reached. */
const failing = (error: unknown) =>
  ({ info: () => Promise.reject(error) }) as unknown as PouchDatabase;
const local = {} as PouchDatabase;

describe("recordSeenIfReachable", () => {
  it("leaves it to the next Synced when the server is out of reach again", async () => {
    await expect(
      recordSeenIfReachable(local, failing(new TypeError("Failed to fetch")), "https://couch"),
    ).resolves.toBeUndefined();
    await expect(
      recordSeenIfReachable(local, failing({ status: 503 }), "https://couch"),
    ).resolves.toBeUndefined();
  });

  it("still stops sync for a failure with a status of its own", async () => {
    const refused = { status: 401, name: "unauthorized" };
    await expect(recordSeenIfReachable(local, failing(refused), "https://couch")).rejects.toBe(
      refused,
    );
  });
});
