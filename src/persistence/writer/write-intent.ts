import { canContinue, type Message } from "../../core/message.ts";
import type { Session } from "../../core/session.ts";
import { request } from "../database/idb-request.ts";
import { checkpointRecord, key } from "../layout/records.ts";
import type { ChangedMessages, SessionChange } from "../repository.ts";
import { type Known, madeFrom, planSave } from "./save-plan.ts";
import { foldTouched, type Touched, touchedBy, WHOLE } from "./session-change.ts";
import { planSessionRemoval, planSessionWrite, type WriteOp } from "./write-plan.ts";

/** What the queued writes of one session ask for; several merge into one before it runs. */
export interface Intent {
  remove: boolean;
  session?: Session;
  /** What the saves folded into `session` changed; set with it. */
  touched?: Touched;
  checkpoint?: Message | null;
  strict: boolean;
}

/** What a committed intent changed, for the repository to take in and announce. */
export interface Effect {
  saved?: Known;
  merged?: boolean;
  /** What the save changed in the message list, when it was written as asked. */
  changed?: ChangedMessages;
  removed?: boolean;
  removedElsewhere?: boolean;
  checkpoint?: string | null;
}

export interface IntentContext {
  /** What this tab knows of each session; read again after the save is planned. */
  known: ReadonlyMap<string, Known>;
  /** The id of the message each session's checkpoint written by this tab holds. */
  ownCheckpoints: ReadonlyMap<string, string>;
  at: string;
}

/** What a save of `session` asks for. */
export function saveIntent(session: Session, change: SessionChange, strict: boolean): Intent {
  return { remove: false, session, touched: touchedBy(change, session), strict };
}

/** The intent that does what `waiting` and then `next` asked: a removal wins, the latest session and checkpoint are kept. */
export function mergeIntents(waiting: Intent, next: Intent): Intent {
  const strict = waiting.strict || next.strict;
  if (next.remove) return { remove: true, strict };
  const out: Intent = { remove: waiting.remove, strict };
  const session = next.session ?? waiting.session;
  if (session) out.session = session;
  const touched = foldedTouched(waiting, next);
  if (touched) out.touched = touched;
  const checkpoint = next.checkpoint !== undefined ? next.checkpoint : waiting.checkpoint;
  if (checkpoint !== undefined) out.checkpoint = checkpoint;
  return out;
}

function foldedTouched(waiting: Intent, next: Intent): Touched | undefined {
  if (!next.session) return waiting.touched;
  if (!waiting.session || !waiting.touched || !next.touched) return next.touched;
  return foldTouched(waiting.touched, waiting.session, next.touched);
}

/**
 * The records one intent writes in its transaction, and its effect. A checkpoint whose message
 * is committed is deleted rather than written; one for a session that is not stored is dropped.
 */
export async function planIntent(
  store: IDBObjectStore,
  id: string,
  intent: Intent,
  context: IntentContext,
): Promise<{ ops: WriteOp[]; effect: Effect }> {
  const ops: WriteOp[] = [];
  const effect: Effect = {};
  if (intent.remove) {
    ops.push(...planSessionRemoval(id));
    effect.removed = true;
  }
  if (intent.session) await planSession(store, id, intent, context, ops, effect);
  if (await pickedUpCheckpointSeen(store, id, intent, context.known.get(id), effect)) {
    ops.push({ type: "delete", key: key.checkpoint(id) });
    effect.checkpoint = null;
  }
  const committed = effect.saved?.disk ?? (intent.remove ? undefined : context.known.get(id)?.disk);
  const isCommitted = (messageId: string) =>
    committed?.messages.some((m) => m.id === messageId) === true;
  // An answer being continued is committed already: its checkpoint holds it grown, longer.
  const isSettled = (partial: Message) => {
    const m = committed?.messages.findLast((c) => c.id === partial.id);
    if (m === undefined) return false;
    return !canContinue(m) || m.content.length >= partial.content.length;
  };
  const own = context.ownCheckpoints.get(id);
  if (effect.saved && own !== undefined && isCommitted(own)) {
    ops.push({ type: "delete", key: key.checkpoint(id) });
    effect.checkpoint = null;
  }
  const partial = intent.checkpoint;
  const stored = effect.saved !== undefined || context.known.has(id);
  if (partial !== undefined && !intent.remove && !effect.removedElsewhere && stored) {
    if (partial === null || isSettled(partial)) {
      ops.push({ type: "delete", key: key.checkpoint(id) });
      effect.checkpoint = null;
    } else {
      ops.push({ type: "put", key: key.checkpoint(id), value: checkpointRecord(partial) });
      effect.checkpoint = partial.id;
    }
  }
  return { ops, effect };
}

/**
 * Whether this write retires the checkpoint `open` picked up: the session written was made from
 * the one that showed it, and the stored record is still that one (no run of another tab wrote
 * a newer partial answer since).
 */
async function pickedUpCheckpointSeen(
  store: IDBObjectStore,
  id: string,
  intent: Intent,
  known: Known | undefined,
  effect: Effect,
): Promise<boolean> {
  if (known?.checkpoint === undefined || !intent.session || intent.remove) return false;
  if (
    !effect.saved ||
    effect.saved === known ||
    !intent.touched ||
    !madeFrom(intent.touched, known)
  )
    return false;
  const current: unknown = await request(store.get(key.checkpoint(id)));
  return JSON.stringify(current) === JSON.stringify(known.checkpoint);
}

async function planSession(
  store: IDBObjectStore,
  id: string,
  intent: Intent,
  context: IntentContext,
  ops: WriteOp[],
  effect: Effect,
): Promise<void> {
  const ours = intent.session;
  if (!ours) return;
  if (intent.remove) {
    ops.push(...planSessionWrite(ours, undefined));
    effect.saved = { lineage: ours, disk: ours, stored: ours.messages };
    return;
  }
  const known = context.known.get(id);
  if (known && ours === known.lineage && known.lineage === known.disk) {
    effect.saved = known;
    return;
  }
  const touched = intent.touched ?? WHOLE;
  const plan = await planSave(store, ours, { known, touched, at: context.at });
  if (!plan) {
    effect.removedElsewhere = true;
    return;
  }
  ops.push(...plan.ops);
  effect.saved = plan.known;
  effect.merged = plan.merged;
  if (plan.changed) effect.changed = plan.changed;
}
