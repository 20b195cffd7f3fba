import { LAYOUT_VERSION } from "../layout/idb-names.ts";
import { type Layout, prepareDatabase } from "./idb-connection.ts";

/** How opening the database went: ready, or blocked by another tab and still waiting. */
export type Prepared = { blocked: false } | { blocked: true; ready: Promise<void> };

/**
 * Prepares the database (`prepareDatabase`), failing when IndexedDB gives no answer within `ms`
 * (some private windows never answer). An upgrade blocked by another tab is an answer: it comes
 * back at once as blocked, with the promise of the upgrade that runs once that tab lets go.
 */
export function prepareInTime(
  name: string,
  factory: IDBFactory,
  ms: number,
  layout: Layout = { version: LAYOUT_VERSION },
): Promise<Prepared> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("IndexedDB did not open in time.")), ms);
    const ready: Promise<void> = prepareDatabase(name, factory, layout, () => {
      clearTimeout(timer);
      resolve({ blocked: true, ready });
    });
    ready.then(
      () => {
        clearTimeout(timer);
        resolve({ blocked: false });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
