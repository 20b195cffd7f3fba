import { describe, expect, it, vi } from "vitest";
import { LazySync } from "./lazy-sync.ts";
import type { SyncService } from "./sync-service.ts";
import type { SyncStatus } from "./sync-status.ts";

const settings = { server: "http://couch/db", username: "", password: "", passphrase: "p" };

/** A stand-in service that reports what it is told to. */
function fakeService() {
  let status: SyncStatus = { state: "off" };
  const listeners = new Set<() => void>();
  const set = (next: SyncStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };
  const service = {
    getStatus: () => status,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: vi.fn(async () => set({ state: "synced" })),
    stop: vi.fn(() => set({ state: "off" })),
    pause: vi.fn(),
    resume: vi.fn(),
    settled: vi.fn(async () => {}),
    dispose: vi.fn(),
  };
  return service as typeof service & SyncService;
}

describe("LazySync", () => {
  it("loads the service only when sync is turned on, and says Unlocking while it loads", async () => {
    const service = fakeService();
    const load = vi.fn(async () => service);
    const sync = new LazySync(load);
    const seen: string[] = [];
    sync.subscribe(() => seen.push(sync.getStatus().state));
    expect(sync.getStatus()).toEqual({ state: "off" });
    sync.stop();
    await sync.settled();
    expect(load).not.toHaveBeenCalled();

    await sync.start(settings);
    expect(load).toHaveBeenCalledTimes(1);
    expect(service.start).toHaveBeenCalledWith(settings);
    expect(seen).toEqual(["unlocking", "synced"]);
    expect(sync.getStatus()).toEqual({ state: "synced" });

    await sync.start(settings);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("says a service that cannot be loaded as failed, and loads it again on the next start", async () => {
    const service = fakeService();
    const load = vi
      .fn<() => Promise<SyncService>>()
      .mockRejectedValueOnce(new Error("chunk missing"))
      .mockResolvedValue(service);
    const sync = new LazySync(load);
    await sync.start(settings);
    expect(sync.getStatus()).toEqual({ state: "failed", code: "failed" });
    await sync.start(settings);
    expect(sync.getStatus()).toEqual({ state: "synced" });
  });

  it("a stop while the service loads turns nothing on", async () => {
    const service = fakeService();
    let finish: (s: SyncService) => void = () => {};
    const sync = new LazySync(() => new Promise<SyncService>((resolve) => (finish = resolve)));
    const starting = sync.start(settings);
    expect(sync.getStatus()).toEqual({ state: "unlocking" });
    sync.stop();
    expect(sync.getStatus()).toEqual({ state: "off" });
    finish(service);
    await starting;
    expect(service.start).not.toHaveBeenCalled();
  });
});
