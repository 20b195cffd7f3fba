import { describe, expect, it } from "vitest";
import { failureOf } from "./sync-status.ts";

describe("failureOf", () => {
  it("reads the HTTP status of a PouchDB error as what failed", () => {
    expect(failureOf({ status: 401, name: "unauthorized" })).toBe("unauthorized");
    expect(failureOf({ status: 403, name: "forbidden" })).toBe("forbidden");
    expect(failureOf({ status: 413 })).toBe("too_large");
    expect(failureOf({ status: 404 })).toBe("no_database");
    expect(failureOf({ status: 400 })).toBe("failed");
  });

  it("reads a full disk here as local_full, whether IndexedDB's own error or PouchDB's wrapping of it", () => {
    expect(failureOf(new DOMException("full", "QuotaExceededError"))).toBe("local_full");
    expect(
      failureOf({ status: 500, name: "indexed_db_went_bad", reason: "QuotaExceededError" }),
    ).toBe("local_full");
    expect(failureOf({ status: 500, name: "indexed_db_went_bad", reason: "UnknownError" })).toBe(
      undefined,
    );
  });

  it("reads a full disk on the server as server_full: 507, or CouchDB's insufficient_storage for a document", () => {
    expect(failureOf({ status: 507, name: "insufficient_storage" })).toBe("server_full");
    expect(failureOf({ status: "507" })).toBe("server_full");
    expect(
      failureOf({ id: "d1", error: "insufficient_storage", reason: "database_dir is too full" }),
    ).toBe("server_full");
  });

  it("takes a network error or a server that is down as offline (PouchDB retries)", () => {
    expect(failureOf(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(failureOf({ status: 503 })).toBeUndefined();
    expect(failureOf({ status: 0 })).toBeUndefined();
  });
});
