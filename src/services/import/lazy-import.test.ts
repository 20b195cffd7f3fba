import { describe, expect, it, vi } from "vitest";
import type { ImportService, ImportSnapshot } from "./import-service.ts";
import { LazyImport } from "./lazy-import.ts";

const file = new File(["{}"], "chats.json", { type: "application/json" });

/** A stand-in service whose start shows the files as read. */
function fakeService() {
  let snapshot: ImportSnapshot = { view: { step: "idle" }, others: [] };
  const listeners = new Set<() => void>();
  const service = {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: vi.fn(async () => {
      snapshot = {
        view: {
          step: "reading",
          fileName: "chats.json",
          progress: { phase: "reading", done: 0, total: 1 },
        },
        others: [],
      };
      for (const listener of listeners) listener();
    }),
    cancel: vi.fn(),
    close: vi.fn(),
    dispose: vi.fn(),
  };
  return service as typeof service & ImportService;
}

describe("LazyImport", () => {
  it("loads the service with the first files given, once, and shows the service's steps", async () => {
    const service = fakeService();
    const load = vi.fn(async () => service);
    const importer = new LazyImport(load);
    const steps: string[] = [];
    importer.subscribe(() => steps.push(importer.getSnapshot().view.step));
    importer.close();
    importer.cancel();
    await importer.start([]);
    expect(load).not.toHaveBeenCalled();
    expect(importer.getSnapshot().view.step).toBe("idle");

    await importer.start([file]);
    expect(service.start).toHaveBeenCalledWith([file]);
    expect(steps).toEqual(["reading"]);
    await importer.start([file]);
    expect(load).toHaveBeenCalledTimes(1);
    importer.cancel();
    expect(service.cancel).toHaveBeenCalledTimes(1);
  });

  it("refuses the files when the service cannot be loaded, and loads it again on the next files", async () => {
    const service = fakeService();
    const load = vi
      .fn<() => Promise<ImportService>>()
      .mockRejectedValueOnce(new Error("chunk missing"))
      .mockResolvedValue(service);
    const importer = new LazyImport(load);

    await importer.start([file]);
    const view = importer.getSnapshot().view;
    expect(view.step === "planned" && view.plan.failures).toEqual([
      { fileName: "chats.json", title: "", path: "$", code: "import-could-not-run" },
    ]);
    importer.cancel();
    expect(importer.getSnapshot().view.step).toBe("idle");

    await importer.start([file]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(importer.getSnapshot().view.step).toBe("reading");
  });

  it("starts nothing once disposed, even when the service arrives after", async () => {
    const service = fakeService();
    let arrive = (_s: ImportService) => {};
    const importer = new LazyImport(
      () =>
        new Promise<ImportService>((resolve) => {
          arrive = resolve;
        }),
    );
    const started = importer.start([file]);
    importer.dispose();
    arrive(service);
    await started;
    expect(service.start).not.toHaveBeenCalled();
  });
});
