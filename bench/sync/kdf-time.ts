import { createSyncMeta, unlock } from "../../src/sync/crypto/index.ts";
import { median } from "../runner/stats.ts";

export interface KdfTiming {
  iterations: number;
  createMs: number[];
  unlockMs: number[];
}

/** Wall time of `createSyncMeta` and `unlock` at the production iteration count, in Node. */
export async function measureKdf(reps: number): Promise<KdfTiming> {
  const createMs: number[] = [];
  const unlockMs: number[] = [];
  let iterations = 0;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    const created = await createSyncMeta(`bench passphrase ${i}`);
    createMs.push(performance.now() - t0);
    if (!created.ok) throw new Error(created.error.code);
    iterations = created.value.meta.kdf.iterations;
    const t1 = performance.now();
    const unlocked = await unlock(`bench passphrase ${i}`, created.value.meta);
    unlockMs.push(performance.now() - t1);
    if (!unlocked.ok) throw new Error(unlocked.error.code);
  }
  return { iterations, createMs, unlockMs };
}

export function kdfTable(t: KdfTiming): string {
  const row = (what: string, ms: number[]) =>
    `| ${what} | ${median(ms).toFixed(0)} ms | ${Math.min(...ms).toFixed(0)}–${Math.max(...ms).toFixed(0)} ms |`;
  return [
    `PBKDF2-SHA-256, ${t.iterations.toLocaleString("en-US")} iterations, then HKDF (Node ${process.versions.node})`,
    "",
    "| step | median | range |",
    "|---|---:|---:|",
    row("createSyncMeta (derive, encrypt the key check)", t.createMs),
    row("unlock (derive, decrypt the key check)", t.unlockMs),
  ].join("\n");
}
