import type { Session } from "../../core/session.ts";
import type { ChangedMessages, SessionChange } from "../repository.ts";

/**
 * What the saves queued for a session changed since the version they were made from, folded
 * into one: the message positions to write again and the messages changed in place. Another
 * kind of change (a new version of a message, say) only needs its own case in `touchedBy`.
 */
export interface Touched {
  /** The revision of the version the first save was made from; undefined when unknown. */
  base: number | undefined;
  /** Every chunk is written. */
  whole: boolean;
  /** Messages from this position on changed (removed, replaced or added); Infinity: none. */
  from: number;
  /** Messages changed where they stand. */
  ids: ReadonlySet<string>;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** Everything written, merged with no base: what a save that says nothing more gets. */
export const WHOLE: Touched = { base: undefined, whole: true, from: 0, ids: NO_IDS };

/** What `change` touched in `session`, the version it made. */
export function touchedBy(change: SessionChange, session: Session): Touched {
  const base = change.base;
  const touched = { base, whole: false, from: Number.POSITIVE_INFINITY, ids: NO_IDS };
  switch (change.kind) {
    case "append":
      return { ...touched, from: session.messages.length - change.messages.length };
    case "replace":
      return { ...touched, ids: new Set(change.messageIds) };
    case "rewrite":
      return { ...touched, from: change.from };
    case "head":
      return touched;
    case "whole":
      return { ...touched, whole: true };
  }
}

/**
 * `first` (which made `firstSession`), then `next`, as one change from `first`'s base. When
 * `next` was not made from `firstSession`, how the result came to be is unknown.
 */
export function foldTouched(first: Touched, firstSession: Session, next: Touched): Touched {
  const ids = next.ids.size === 0 ? first.ids : new Set([...first.ids, ...next.ids]);
  return {
    base: next.base === firstSession.revision ? first.base : undefined,
    whole: first.whole || next.whole,
    from: Math.min(first.from, next.from),
    ids,
  };
}

/**
 * What `touched` changed in the message list, as listeners are told it (undefined: everything,
 * or unknown). As for the chunks, a message count other than the change implies (a save made
 * from an older version) counts as changed from where the two lists differ in length.
 */
export function changedMessages(
  touched: Touched,
  nextLength: number,
  storedLength: number | undefined,
): ChangedMessages | undefined {
  if (touched.whole || storedLength === undefined) return undefined;
  const from =
    nextLength === storedLength ? touched.from : Math.min(touched.from, nextLength, storedLength);
  return { from, ids: [...touched.ids] };
}

/**
 * The chunks to write so that `stored` (the messages on disk, which the change was made from)
 * becomes `next`: a chunk holding a touched position or message. A message count other than
 * the change implies (a save made from an older version) writes from where the two differ.
 */
export function touchedChunks(
  touched: Touched,
  next: readonly { id: string }[],
  storedLength: number,
  chunkSize: number,
): (n: number) => boolean {
  if (touched.whole) return () => true;
  const from =
    next.length === storedLength ? touched.from : Math.min(touched.from, next.length, storedLength);
  const chunks = new Set<number>();
  let found = 0;
  for (let i = next.length - 1; i >= 0 && found < touched.ids.size; i--) {
    const m = next[i];
    if (m && touched.ids.has(m.id)) {
      chunks.add(Math.floor(i / chunkSize));
      found++;
    }
  }
  const firstFrom = Math.floor(from / chunkSize);
  return (n) => n >= firstFrom || chunks.has(n);
}
