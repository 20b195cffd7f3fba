import { summarize } from "../../core/session-summary.ts";
import type { Connection } from "../database/idb-connection.ts";
import {
  applyOps,
  asDamaged,
  readRawSession,
  readRecords,
  setAsideOps,
} from "../database/idb-ops.ts";
import { decodeSummary, key, range, summaryRecord } from "../layout/records.ts";
import type { DamagedRecord, SessionSummary } from "../repository.ts";
import type { WriteOp } from "../writer/write-plan.ts";
import { assembleSession, type RawRecord } from "./assemble.ts";

export interface IndexResult {
  summaries: SessionSummary[];
  /** Everything set aside so far, this load's included. */
  damaged: DamagedRecord[];
  /** What this load set aside. */
  setAside: DamagedRecord[];
  /** Records a newer Parley wrote: their sessions are left as they are and not listed. */
  newer: string[];
}

/**
 * Reads the summaries (the index). A summary that does not restore is rebuilt from its session
 * when that session reads, else the whole session is set aside; either way the raw records are
 * kept under `x:` keys and reported. This repair is the only write before the load finishes, and
 * it touches only the damaged sessions.
 */
export async function loadIndex(connection: Connection, at: string): Promise<IndexResult> {
  const [summaries, aside] = await connection.transact("readonly", (store) =>
    Promise.all([readRecords(store, range.summaries()), readRecords(store, range.aside())]),
  );
  const good: SessionSummary[] = [];
  const bad: RawRecord[] = [];
  for (const record of summaries) {
    const decoded = decodeSummary(record.raw);
    if (decoded.ok && key.summary(decoded.value.id) === record.key) good.push(decoded.value);
    else bad.push(record);
  }
  const previous = aside.map((r) => asDamaged(r.raw, r.key.slice(2)));
  if (bad.length === 0) return { summaries: good, damaged: previous, setAside: [], newer: [] };
  const setAside: DamagedRecord[] = [];
  const newer: string[] = [];
  await connection.transact("readwrite", async (store) => {
    const ops: WriteOp[] = [];
    for (const record of bad) {
      const id = record.key.slice(2);
      const decoded = decodeSummary(record.raw);
      const problem: DamagedRecord["problem"] = decoded.ok
        ? { code: "summary-other-session" }
        : decoded.problem;
      const lost: DamagedRecord[] = [{ key: record.key, problem, raw: record.raw }];
      const raw = await readRawSession(store, id);
      const assembled = assembleSession(raw);
      if (assembled.newer.length > 0) {
        newer.push(...assembled.newer);
        continue;
      }
      lost.push(...assembled.damaged);
      if (assembled.session) {
        const rebuilt = { ...assembled.session, messages: assembled.committed };
        ops.push({ type: "put", key: key.summary(id), value: summaryRecord(rebuilt) });
        good.push(summarize(rebuilt));
      } else if (raw.head === undefined) {
        for (const r of [...raw.chunks, ...(raw.checkpoint ? [raw.checkpoint] : [])])
          lost.push({ key: r.key, problem: { code: "head-missing" }, raw: r.raw });
      }
      setAside.push(...lost);
      ops.unshift(...setAsideOps(lost, at));
    }
    applyOps(store, ops);
  });
  return { summaries: good, damaged: [...previous, ...setAside], setAside, newer };
}
