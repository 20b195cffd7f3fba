/** The one way to fail below the UI: a value or a coded error the UI puts into words. */
export type Result<T, E extends { code: string }> =
  | { ok: true; value: T }
  | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<E extends { code: string }>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
