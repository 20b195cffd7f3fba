import { expect, vi } from "vitest";
import type { Session } from "../core/session.ts";
import { MemorySessionRepository } from "../persistence/memory-repository.ts";
import { mergeSessions } from "../persistence/tabs/merge.ts";
import type { SyncServicePorts } from "../services/sync/sync-ports.ts";
import { SyncService } from "../services/sync/sync-service.ts";
import type { PouchStatic } from "../sync/replication/pouch-types.ts";
import { TEST_KDF } from "./sync-keys.ts";

export const PASSPHRASE = "correct horse battery staple";

/**
 * Devices for sync service tests: each a memory repository and its sync service with a memory
 * outbox of its own name; `dispose` ends every device made so far (call it after each test).
 */
export function syncDevices(PouchDB: PouchStatic, prefix: string) {
  const services: SyncService[] = [];
  let counter = 0;
  /** A device: a memory repository with `sessions`, and its sync service (`ports` replaced). */
  async function device(sessions: Session[] = [], ports: Partial<SyncServicePorts> = {}) {
    const repository = new MemorySessionRepository({ sessions });
    await repository.load();
    const ids = new Set(sessions.map((s) => s.id));
    const localName = `${prefix}-${++counter}`;
    repository.subscribe((c) => (c.type === "saved" ? ids.add(c.id) : ids.delete(c.id)));
    const sync = new SyncService({
      repository,
      loadPouch: async () => PouchDB,
      localAdapter: "memory",
      localName,
      sessionIds: () => [...ids],
      write: async (arrived) => (await repository.saveMany(arrived)).ok,
      merge: mergeSessions,
      deleteArrived: async (id) => void (await repository.remove(id)),
      kdf: TEST_KDF,
      ...ports,
    });
    services.push(sync);
    return { repository, sync, localName };
  }
  const dispose = () => {
    for (const service of services.splice(0)) service.dispose();
  };
  return { device, dispose };
}

export const syncSettings = (server: string, passphrase = PASSPHRASE) => ({
  server,
  username: "",
  password: "",
  passphrase,
});

/** The server's last change sequence: unchanged when nothing was sent. */
export async function lastSeq(url: string): Promise<string> {
  return String(
    ((await (await fetch(`${url}/_changes`)).json()) as { last_seq: unknown }).last_seq,
  );
}

export async function synced(sync: SyncService) {
  await vi.waitFor(() => expect(sync.getStatus()).toEqual({ state: "synced" }), {
    timeout: 10_000,
  });
}

/** Turns sync on for `side` and waits until it holds `session`'s messages, settled and synced. */
export async function joinHolding(
  side: { sync: SyncService; repository: MemorySessionRepository },
  url: string,
  session: Session,
) {
  await side.sync.start(syncSettings(url));
  await vi.waitFor(
    async () =>
      expect((await side.repository.read(session.id))?.messages).toEqual(session.messages),
    { timeout: 10_000 },
  );
  await side.sync.settled();
  await synced(side.sync);
}
