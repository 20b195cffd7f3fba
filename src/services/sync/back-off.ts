/**
 * The longest wait between two tries while the server cannot be reached. PouchDB's own backoff
 * doubles up to 10 minutes (`pouchdb-utils`' `defaultBackOff`), so a device could stay Offline
 * for up to 10 minutes after the server was back.
 */
export const MAX_BACK_OFF_MS = 60_000;
const FIRST_BACK_OFF_MS = 1_000;

/**
 * PouchDB's `back_off_function`: the wait before the next try, given the last one (0 before the
 * first). It doubles from 1 s up to the cap, and is drawn from the upper quarter below that
 * (so it grows at least 1.5× a try), so devices that lost the server together come back spread.
 */
export function backOff(previousMs: number, random: () => number = Math.random): number {
  const doubled = Math.min(MAX_BACK_OFF_MS, Math.max(FIRST_BACK_OFF_MS, previousMs * 2));
  return Math.round(doubled * (0.75 + 0.25 * random()));
}
