import type { SyncKeys } from "./kdf.ts";
import { inWorker, type RecordSealer, type RecordWorkerPort } from "./record-sealer.ts";

/** The app's sealer: `record-worker.ts` in a module worker, started on the first record. */
export function browserSealer(keys: SyncKeys): RecordSealer {
  return inWorker(
    keys,
    () =>
      new Worker(new URL("./record-worker.ts", import.meta.url), {
        type: "module",
      }) as RecordWorkerPort,
  );
}
