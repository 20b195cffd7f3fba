import type { CodecError } from "./codec/disk-types.ts";

/** Where a change could not be stored and read back: a JSON path (`$.state.a`) and the codec's problem there. */
export type UnsavableProblem = CodecError;

/**
 * A change refused because storage could not read it back: saving it would set the whole
 * conversation aside as damaged on the next read. Nothing was changed. Core's session operations
 * (a state or metadata that is not plain JSON) and the store's check before every write (a
 * message over the codec's limits) throw this same error. Its `message` is for logs; the
 * interface says it in the reader's language from `problem.path`.
 */
export class UnsavableChangeError extends Error {
  readonly code = "unsavable_change";
  constructor(readonly problem: UnsavableProblem) {
    super(`unsavable_change at ${problem.path}: ${problem.code}`);
    this.name = "UnsavableChangeError";
  }
}
