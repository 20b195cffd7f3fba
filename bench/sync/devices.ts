import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createInterface } from "node:readline";
import memoryAdapter from "pouchdb-adapter-memory";
import type { Session } from "../../src/core/session.ts";
import { MemorySessionRepository } from "../../src/persistence/memory-repository.ts";
import { mergeSessions } from "../../src/persistence/tabs/merge.ts";
import { SyncService } from "../../src/services/sync/sync-service.ts";
import { composePouch } from "../../src/sync/replication/compose-pouch.ts";

/** PouchDB with the memory adapter, composed once (a second composition throws). */
export const PouchDB = composePouch(memoryAdapter);
let devices = 0;

/** A device as the app composes it, with a memory repository and a memory outbox. */
export interface BenchDevice {
  repository: MemorySessionRepository;
  sync: SyncService;
}

export async function benchDevice(sessions: Session[] = []): Promise<BenchDevice> {
  const repository = new MemorySessionRepository({ sessions });
  await repository.load();
  const ids = new Set(sessions.map((s) => s.id));
  repository.subscribe((c) => (c.type === "saved" ? ids.add(c.id) : ids.delete(c.id)));
  const sync = new SyncService({
    repository,
    loadPouch: async () => PouchDB,
    localAdapter: "memory",
    localName: `bench-device-${++devices}`,
    sessionIds: () => [...ids],
    write: async (arrived) => (await repository.saveMany(arrived)).ok,
    merge: mergeSessions,
    deleteArrived: async (id) => void (await repository.remove(id)),
  });
  return { repository, sync };
}

/** Resolves once `sync` says `synced` (nothing left to send, the live feed idle). */
export function whenSynced(sync: SyncService): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (sync.getStatus().state !== "synced") return;
      stop();
      resolve();
    };
    const stop = sync.subscribe(check);
    check();
  });
}

export interface ChildSyncServer {
  url: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * `scripts/sync-server.mjs` in its own process (as pouchdb-server would be), so the server's
 * work does not share the devices' event loop; on a free loopback port.
 */
export function startChildServer(root: string, origins: string[]): Promise<ChildSyncServer> {
  const args = [join(root, "scripts/sync-server.mjs"), "--port", "0"];
  for (const origin of origins) args.push("--origin", origin);
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`sync server exited (${code})`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (!url) return;
      resolve({
        url,
        async createDatabase(name) {
          const response = await fetch(`${url}/${name}`, { method: "PUT" });
          if (response.status !== 201) throw new Error(`PUT /${name}: ${response.status}`);
          return `${url}/${name}`;
        },
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}
