import { snapshotMessage } from "../../core/codec/index.ts";
import type { Session } from "../../core/session.ts";
import { headRecordOf, messageKey } from "./sync-records.ts";

/**
 * Whether merging an arrived session into `local` changed nothing (then it is not written, so
 * nothing echoes). The session arrived assembled from `held`, whose records are what this
 * device sent, except `arrived`: the message records that came in since it was last applied.
 * So the merge can differ from `local` only in the head, in the list (a message `local` lacks)
 * or in an arrived message; only those are serialised, not every message of the conversation.
 */
export function mergeChangedNothing(
  merged: Session,
  local: Session,
  held: ReadonlyMap<string, string>,
  arrived: ReadonlySet<string> | undefined,
): boolean {
  if (headRecordOf(merged, held) !== headRecordOf(local, held)) return false;
  const ours = local.messages;
  const theirs = merged.messages;
  if (theirs.length !== ours.length) return false;
  for (let i = 0; i < theirs.length; i++) {
    const a = theirs[i];
    const b = ours[i];
    if (!a || !b || a.id !== b.id) return false;
    if (a === b || !arrived?.has(messageKey(local.id, a.id))) continue;
    if (JSON.stringify(snapshotMessage(a)) !== JSON.stringify(snapshotMessage(b))) return false;
  }
  return true;
}
