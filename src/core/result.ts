/**
 * One way to fail below the UI: a value, or an error that names what failed with a code and its
 * parameters (never a sentence; the UI has the words). Throwing is for bugs.
 */
export type Result<T, E extends { code: string } = { code: string }> =
  | { ok: true; value: T }
  | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function failed<E extends { code: string }>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
