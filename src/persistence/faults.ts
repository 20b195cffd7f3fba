import { OutdatedError } from "./database/idb-connection.ts";
import type { DamagedRecord, StorageFault } from "./repository.ts";

/** The fault to show for an error thrown by IndexedDB. */
export function faultFrom(error: unknown): StorageFault {
  if (isQuotaError(error)) return { kind: "quota" };
  const name = error instanceof Error || error instanceof DOMException ? error.name : "Error";
  const detail =
    error instanceof Error || error instanceof DOMException ? error.message : String(error);
  return { kind: "failed", error: `${name}: ${detail}` };
}

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error || error instanceof DOMException)) return false;
  return error.name === "QuotaExceededError" || /quota/i.test(error.message);
}

/** IndexedDB cannot be used (a private window, blocked storage): nothing is saved. */
export const UNAVAILABLE: StorageFault = { kind: "unavailable" };
/** A newer Parley upgraded the stored data in another tab. */
export const OUTDATED: StorageFault = { kind: "outdated", cause: "upgraded" };
/** An older Parley's tab keeps this one from upgrading the stored data. */
export const BLOCKED: StorageFault = { kind: "blocked" };
/** Some records were written by a newer Parley: nothing is written, so none of them is overwritten. */
export const NEWER_RECORDS: StorageFault = { kind: "outdated", cause: "newer_records" };

/**
 * A record of the session was written by a newer Parley: the write is called off, nothing changed.
 * Thrown inside the write's transaction, because a throw is what aborts an IndexedDB transaction;
 * `failureOf` turns it into the `newer_records` fault the repository returns, so no caller above
 * persistence meets the throw and the UI words the fault's code.
 */
export class NewerRecordsError extends Error {
  constructor(readonly keys: readonly string[]) {
    super(`newer records: ${keys.join(", ")}`);
    this.name = "NewerRecordsError";
  }
}

/** How a failed transaction is told: its fault, whether it stops every later write, and whether it was told already. */
export interface Failure {
  fault: StorageFault;
  permanent: boolean;
  reported: boolean;
}

export function failureOf(error: unknown): Failure {
  // The connection reports an upgrade by another tab itself, when it learns of it.
  if (error instanceof OutdatedError) return { fault: OUTDATED, permanent: true, reported: true };
  if (error instanceof NewerRecordsError)
    return { fault: NEWER_RECORDS, permanent: true, reported: false };
  return { fault: faultFrom(error), permanent: false, reported: false };
}

/** The fault that reports records set aside because they could not be read. */
export function damagedFault(records: readonly DamagedRecord[]): StorageFault {
  return { kind: "damaged", keys: records.map((r) => r.key) };
}

/** Holds the fault in force and tells listeners; permanent faults are never cleared. */
export class FaultHub {
  private listeners = new Set<(fault: StorageFault | null) => void>();
  private current: StorageFault | null = null;
  private permanent = false;

  constructor(initial?: StorageFault) {
    if (initial) {
      this.current = initial;
      this.permanent = true;
    }
  }

  get fault(): StorageFault | null {
    return this.current;
  }

  get blocked(): boolean {
    return this.permanent;
  }

  report(fault: StorageFault, permanent = false): void {
    if (this.permanent) return;
    this.current = fault;
    this.permanent = permanent;
    this.emit(fault);
  }

  /** A write succeeded: a failed write is over. A report of damaged data stays until dismissed. */
  clear(): void {
    if (this.permanent || this.current === null || this.current.kind === "damaged") return;
    this.current = null;
    this.emit(null);
  }

  subscribe(listener: (fault: StorageFault | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(fault: StorageFault | null): void {
    for (const listener of [...this.listeners]) listener(fault);
  }
}
