import type { Session } from "../../core/session.ts";
import { latestLeafUnder, leafOf } from "../../core/tree.ts";

/**
 * The branch a device shows after merging what arrived (docs/sync.md, Conflicts). The shown leaf
 * is this device's own (it does not travel): `local`'s leaf, followed down to what arrived under
 * it, unless only the other side moved since the session was last applied here (`lastApplied`,
 * the leaf shown then: this device did not move it), when the merge's own leaf is shown (a
 * version added there, after a message this device was reading). Two devices that each appended
 * after the same message offline both moved: each keeps showing the branch it wrote.
 */
export function withShownLeaf(
  merged: Session,
  local: Session,
  lastApplied: string | null | undefined,
): Session {
  const own = leafOf(local);
  if (own === null || !merged.messages.some((m) => m.id === own)) return merged;
  const { leafId: _merged, ...listed } = merged;
  const last = leafOf(listed);
  let target = latestLeafUnder(merged.messages, own);
  const movedHere = lastApplied === undefined || own !== lastApplied;
  const arrivedLast = last !== null && !local.messages.some((m) => m.id === last);
  if (target === own && !movedHere && arrivedLast) target = last;
  return target === last ? listed : { ...listed, leafId: target };
}
