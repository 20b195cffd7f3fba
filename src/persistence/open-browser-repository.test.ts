import { describe, expect, it } from "vitest";
import { MemorySessionRepository } from "./memory-repository.ts";
import { openBrowserRepository } from "./open-browser-repository.ts";

describe("openBrowserRepository", () => {
  it("runs in memory with an unavailable fault when the browser has no IndexedDB", async () => {
    expect("indexedDB" in globalThis).toBe(false);
    const repository = await openBrowserRepository();
    expect(repository).toBeInstanceOf(MemorySessionRepository);
    expect(repository.currentFault()).toEqual({ kind: "unavailable" });
    expect((await repository.storageInfo()).saving).toBe(false);
  });
});
