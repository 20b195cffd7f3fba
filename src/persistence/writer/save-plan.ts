import type { Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { readRawSession, setAsideOps } from "../database/idb-ops.ts";
import { request } from "../database/idb-request.ts";
import { NewerRecordsError } from "../faults.ts";
import { decodeHead, key } from "../layout/records.ts";
import { assembleSession } from "../reader/assemble.ts";
import type { ChangedMessages } from "../repository.ts";
import { mergeSessions } from "../tabs/merge.ts";
import { changedMessages, type Touched } from "./session-change.ts";
import { planSessionWrite, type WriteOp } from "./write-plan.ts";

/** What this tab knows of one session: the base of its next write. */
export interface Known {
  /**
   * The version the store holds, as far as this tab can tell: the last one it saved, or the one
   * `open` gave out. A change whose base is its revision was made from it.
   */
  lineage: Session;
  /** What is on disk: the lineage itself, or the merge of it with another tab's version. */
  disk: Session;
  /** The stored messages chunk by chunk; undefined when the chunks must all be rewritten. */
  stored: readonly Message[] | undefined;
  /**
   * The raw checkpoint record `open` folded into the lineage (the partial answer of a run that
   * ended without committing it). The store has seen its message, so the first save made from
   * the lineage deletes the record if it is still the same one, whatever the store did with the
   * message (kept it, or dropped it for a Retry).
   */
  checkpoint?: unknown;
}

export interface SavePlan {
  ops: WriteOp[];
  known: Known;
  /** The stored session differs from the one saved: it includes another tab's changes. */
  merged: boolean;
  /** What the save changed in the message list, when it was written as asked. */
  changed?: ChangedMessages;
}

export interface SaveContext {
  known: Known | undefined;
  /** What the saves folded into this one changed, and the version they were made from. */
  touched: Touched;
  at: string;
}

/**
 * The records that store `ours` without losing another tab's change. Reads the head in the
 * transaction: when it is still the version this tab knows, only changed chunks are written;
 * when another tab wrote meanwhile, the versions are merged. Undefined: another tab deleted the
 * session, and a late save must not bring it back.
 */
export async function planSave(
  store: IDBObjectStore,
  ours: Session,
  { known, touched, at }: SaveContext,
): Promise<SavePlan | undefined> {
  const base = known !== undefined && madeFrom(touched, known) ? known.lineage : undefined;
  const headRaw = await request(store.get(key.head(ours.id)));
  if (headRaw === undefined) {
    if (known) return undefined;
    return { ops: planSessionWrite(ours, undefined), known: fresh(ours), merged: false };
  }
  const head = decodeHead(headRaw);
  const current =
    known?.stored !== undefined &&
    head.ok &&
    head.value.head.revision === known.disk.revision &&
    head.value.messageCount === known.stored.length;
  if (known && current) return combine(base, ours, known.disk, known.stored, [], touched);
  const theirs = assembleSession(await readRawSession(store, ours.id));
  if (theirs.newer.length > 0) throw new NewerRecordsError(theirs.newer);
  const aside = setAsideOps(theirs.damaged, at);
  if (!theirs.session)
    return {
      ops: [...aside, ...planSessionWrite(ours, undefined)],
      known: fresh(ours),
      merged: false,
    };
  const disk = { ...theirs.session, messages: theirs.committed };
  return combine(base, ours, disk, theirs.stored, aside);
}

function combine(
  base: Session | undefined,
  ours: Session,
  disk: Session,
  stored: readonly Message[] | undefined,
  before: WriteOp[],
  touched?: Touched,
): SavePlan {
  if (base === disk) {
    const changed = touched && changedMessages(touched, ours.messages.length, stored?.length);
    return {
      ops: [...before, ...planSessionWrite(ours, stored, touched)],
      known: fresh(ours),
      merged: false,
      ...(changed ? { changed } : {}),
    };
  }
  const merged = mergeSessions(base, ours, disk);
  return {
    ops: [...before, ...planSessionWrite(merged, stored)],
    known: { lineage: ours, disk: merged, stored: merged.messages },
    merged: true,
  };
}

function fresh(session: Session): Known {
  return { lineage: session, disk: session, stored: session.messages };
}

/** Whether the change was made from the version this tab knows as the store's (its lineage). */
export function madeFrom(touched: Touched, known: Known): boolean {
  return touched.base !== undefined && touched.base === known.lineage.revision;
}
