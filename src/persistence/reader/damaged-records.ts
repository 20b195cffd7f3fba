import type { Connection } from "../database/idb-connection.ts";
import { asDamaged, readRange, setAsideOps } from "../database/idb-ops.ts";
import { request } from "../database/idb-request.ts";
import { key, range } from "../layout/records.ts";
import type { DamagedRecord, WriteOutcome } from "../repository.ts";
import type { WriteOp } from "../writer/write-plan.ts";

export interface DamagedRecordsDeps {
  connection: Connection;
  /** Reports the damaged fault for these records. */
  report(records: readonly DamagedRecord[]): void;
  /** Writes ops in one transaction, telling of a failure as every write does. */
  write(ops: WriteOp[]): Promise<WriteOutcome>;
  /** Settles once the first load is done; undefined before it started (nothing is written then). */
  loaded(): Promise<unknown> | undefined;
  nowIso(): string;
}

/** Records that could not be read: set aside under `x:` keys (never deleted unasked), listed, discarded. */
export class DamagedRecords {
  constructor(private readonly deps: DamagedRecordsDeps) {}

  async list(): Promise<DamagedRecord[]> {
    const records = await this.deps.connection.transact("readonly", (store) =>
      readRange(store, range.aside()),
    );
    return records.map((r) => asDamaged(r.raw, r.key.slice(2)));
  }

  discard(original: string): Promise<WriteOutcome> {
    return this.deps.write([{ type: "delete", key: key.aside(original) }]);
  }

  /** A session's summary record as stored, undefined when there is none. */
  rawSummary(id: string): Promise<unknown> {
    return this.deps.connection.transact("readonly", (store) =>
      request(store.get(key.summary(id))),
    );
  }

  /** Sets aside what a session read could not restore; its summary too when nothing restored. */
  async setAsideFromRead(id: string, damaged: DamagedRecord[], restored: boolean): Promise<void> {
    const raw = restored ? undefined : await this.rawSummary(id);
    const lost =
      raw === undefined
        ? damaged
        : [
            ...damaged,
            { key: key.summary(id), problem: { code: "session-unreadable" as const }, raw },
          ];
    this.deps.report(lost);
    const loaded = this.deps.loaded();
    if (!loaded) return;
    await loaded;
    await this.deps.write(setAsideOps(lost, this.deps.nowIso()));
  }
}
