import { leafOf } from "../../core/tree.ts";
import { mergeBase, noteBefore, unknownBase } from "./merge-base.ts";
import { mergeChangedNothing } from "./merge-check.ts";
import type { Running } from "./running.ts";
import { assembleSession } from "./session-assembly.ts";
import { withShownLeaf } from "./shown-leaf.ts";
import type { SyncServicePorts } from "./sync-ports.ts";
import { headKey, sessionOfKey } from "./sync-records.ts";

/** This device's storage refused what arrived (`local_full`): sync stops, nothing is lost. */
export class LocalFull extends Error {
  override readonly name = "QuotaExceededError";
}

type ApplyPorts = Pick<SyncServicePorts, "repository" | "merge" | "write" | "inTrash">;

/**
 * Assembles the sessions whose records arrived, once for all the records queued before
 * rather than once per record: a first sync brings a conversation's records in bursts (in
 * the order of their opaque ids), and each attempt reads every message there; most heads name
 * an early message as last (a head is written when the title is set), so per record that is
 * a read of the whole conversation per message. Each session is assembled, merged and written
 * in a task of its own (`nextTask` between them): a burst of many conversations in one task
 * held the page for hundreds of milliseconds.
 */
export async function applyArrived(
  ports: ApplyPorts,
  running: Running,
  nextTask: () => Promise<void>,
): Promise<void> {
  const ids = [...running.arrived];
  running.arrived.clear();
  for (const [i, id] of ids.entries()) {
    if (i > 0) await nextTask();
    if (running.outbox.has(id)) await applySession(ports, running, id);
  }
}

/**
 * Merges an arrived session with the local one against what this device last synced of it
 * (`mergeBase`): each field and message takes the side that changed it, so a local change not
 * sent yet (a rename, a state key, the settings) is kept beside what arrived; a field changed on
 * both sides takes the arrival's. Without a known base, the side changed last wins the head's
 * fields (`unknownBase`). Both sides' messages are kept either way.
 */
export async function applySession(
  ports: ApplyPorts,
  running: Running,
  sessionId: string,
): Promise<void> {
  // In the trash here with its Undo offered: written, it would come back (docs/sync.md).
  if (ports.inTrash?.(sessionId)) return;
  const held = running.outbox.held(sessionId);
  const incoming = assembleSession(sessionId, held);
  if (!incoming) return;
  const local = await ports.repository.read(sessionId);
  const base =
    local && (mergeBase(incoming, running.before.get(sessionId)) ?? unknownBase(incoming, local));
  const merged = local
    ? withShownLeaf(ports.merge(base, incoming, local), local, running.shown.get(sessionId))
    : { ...incoming, revision: 1 };
  const arrived = running.unapplied.get(sessionId);
  const same =
    local && merged.leafId === local.leafId && mergeChangedNothing(merged, local, held, arrived);
  const written = same || (await ports.write([merged]));
  // Kept unapplied (its records stay held and in the local database): applied again later.
  if (written === "full") throw new LocalFull();
  if (written) {
    running.unapplied.delete(sessionId);
    running.before.delete(sessionId);
    running.shown.set(sessionId, leafOf(merged));
  }
}

/**
 * Holds a session record that arrived, noting what was held under it before (the merge's base)
 * and, for a message, that it waits to be applied. False: not a session's record, or no change.
 */
export function heldArrival(
  running: Pick<Running, "outbox" | "before" | "unapplied">,
  parleyKey: string,
  json: string,
): boolean {
  const sessionId = sessionOfKey(parleyKey);
  if (!sessionId) return false;
  const held = running.outbox.held(sessionId);
  if (held.get(parleyKey) === json) return false;
  noteBefore(running.before, sessionId, parleyKey, held.get(parleyKey));
  held.set(parleyKey, json);
  if (parleyKey !== headKey(sessionId)) {
    const waiting = running.unapplied.get(sessionId) ?? new Set<string>();
    running.unapplied.set(sessionId, waiting.add(parleyKey));
  }
  return true;
}
