import type { Session } from "../../core/session.ts";
import { latestLeafUnder, leafOf, pathTo } from "../../core/tree.ts";

/**
 * The branch a device shows after merging what arrived (docs/sync.md, Conflicts). The shown leaf
 * is this device's own (it does not travel): `local`'s leaf, followed down to what arrived under
 * it, unless only the other side moved since the session was last applied here (`lastApplied`,
 * the leaf shown then: this device did not move it) and what arrived starts a version off the
 * shown path, when the merge's own leaf is shown (a version added there, after a message this
 * device was reading). Two devices that each appended after the same message offline both moved:
 * each keeps showing the branch it wrote, also when the other's answer arrives after its
 * question (the branch declined then is not taken up for it).
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
  if (target === own && !movedHere && last !== null && forksOffShown(merged, local, own, last))
    target = last;
  return target === last ? listed : { ...listed, leafId: target };
}

/**
 * Whether the path to `last` leaves the path shown here (to `own`) with a message that arrived
 * now: a new version of a shown message. Messages already here that lead there (the other
 * device's question, declined at an earlier apply) mean the branch was not this device's pick.
 */
function forksOffShown(merged: Session, local: Session, own: string, last: string): boolean {
  const here = new Set(local.messages.map((m) => m.id));
  if (here.has(last)) return false;
  const toLast = pathTo(merged.messages, last);
  const first = toLast.findIndex((m) => !here.has(m.id));
  const parent = toLast[first - 1];
  if (!parent) return first === 0;
  return pathTo(local.messages, own).some((m) => m.id === parent.id);
}
