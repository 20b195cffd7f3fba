import type { WriteOp } from "./write-plan.ts";

/** What one write cost: the records it put and their size (the benchmark's measure). */
export interface WriteStats {
  id: string;
  /** Records put (chunks, head, summary, checkpoint). */
  records: number;
  /** Size of the records put, as JSON text. */
  bytes: number;
  ms: number;
}

/** Counts the records `ops` put and their size; costs a JSON serialisation per record. */
export function writeStats(id: string, ops: readonly WriteOp[], ms: number): WriteStats {
  let records = 0;
  let bytes = 0;
  for (const op of ops) {
    if (op.type !== "put") continue;
    records++;
    bytes += JSON.stringify(op.value).length;
  }
  return { id, records, bytes, ms };
}
