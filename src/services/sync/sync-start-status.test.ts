import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemorySessionRepository } from "../../persistence/memory-repository.ts";
import { memoryPouch } from "../../sync/replication/memory-pouch.ts";
import { session } from "../../test/persistence-builders.ts";
import { syncSettings as settings, syncDevices, synced } from "../../test/sync-devices.ts";
import { type RunningSyncServer, startSyncServer } from "../../test/sync-server.ts";

const PouchDB = memoryPouch();
let server: RunningSyncServer;
const { device, dispose } = syncDevices(PouchDB, "start-status");

beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(() => server.stop());
afterEach(dispose);

const docCount = async (url: string) =>
  ((await (await fetch(url)).json()) as { doc_count: number }).doc_count;

describe("the status when sync starts", () => {
  it("is not Synced while the conversations held before are still going into the outbox", async () => {
    const url = await server.createDatabase("start-status");
    const kept = session(1, 3);
    // Reading a conversation is slow (a long one, a busy device): the live sync is idle first.
    const repository = new MemorySessionRepository({ sessions: [kept] });
    await repository.load();
    const read = repository.read.bind(repository);
    repository.read = async (id) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      return read(id);
    };
    const a = await device([], { repository, sessionIds: () => [kept.id] });
    let onServer: Promise<number> | undefined;
    a.sync.subscribe(() => {
      if (a.sync.getStatus().state === "synced") onServer ??= docCount(url);
    });
    await a.sync.start(settings(url));
    await synced(a.sync);
    // The metadata, the head and the chunk of three messages: all there once it says Synced.
    expect(await onServer).toBe(3);
  });
});
