import { OutdatedError } from "./idb-connection.ts";
import type { DamagedRecord, StorageFault } from "./repository.ts";

const QUOTA_MESSAGE =
  "Storage is full, so the latest change was not saved. Export your conversations, then delete old ones to free space.";

/** The fault to show for an error thrown by IndexedDB. */
export function faultFrom(error: unknown): StorageFault {
  if (isQuotaError(error)) return { kind: "quota", message: QUOTA_MESSAGE };
  const name = error instanceof Error || error instanceof DOMException ? error.name : "Error";
  const detail =
    error instanceof Error || error instanceof DOMException ? error.message : String(error);
  return {
    kind: "failed",
    message: `Saving failed (${name}: ${detail}). The conversation stays on screen; export it to keep a copy, then reload the page.`,
  };
}

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error || error instanceof DOMException)) return false;
  return error.name === "QuotaExceededError" || /quota/i.test(error.message);
}

export const UNAVAILABLE: StorageFault = {
  kind: "unavailable",
  message:
    "This browser does not let Parley store data (a private window or blocked storage), so nothing is being saved. Export your conversations before closing the tab.",
};

export const OUTDATED: StorageFault = {
  kind: "outdated",
  message:
    "A newer version of Parley updated the stored data in another tab. Reload this tab to keep saving; until then changes here are not saved.",
};

export const BLOCKED: StorageFault = {
  kind: "blocked",
  message:
    "Another Parley tab, of an older version, keeps this one from updating the stored conversations. Close the other Parley tabs; this tab then loads them by itself.",
};

export const NEWER_RECORDS: StorageFault = {
  kind: "outdated",
  message:
    "Some stored conversations were saved by a newer version of Parley. Reload this tab to update Parley; until then nothing is saved here, so nothing of theirs is overwritten.",
};

/** A record of the session was written by a newer Parley: the write is called off, nothing changed. */
export class NewerRecordsError extends Error {
  constructor(readonly keys: readonly string[]) {
    super(`Records written by a newer version of Parley: ${keys.join(", ")}.`);
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
  const keys = records.map((r) => r.key).join(", ");
  return {
    kind: "damaged",
    message: `Some stored data could not be read (${keys}). It was set aside and can be exported from Settings; everything else loaded.`,
  };
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
