import type { Session } from "../../core/session.ts";
import type { ChangedMessages } from "../../persistence/repository.ts";
import type { Outbox } from "./outbox.ts";
import { changedRecords, sessionRecords } from "./sync-records.ts";

/**
 * Gives the outbox the records of `session` to seal. `changed` (what the repository said the
 * commit changed) is used when the outbox's last send of the session gave every record (and no
 * write failed since): then only the records it names are serialised and compared. Otherwise
 * (the first send since sync started, a change another tab, a merge or an import made, after a
 * failed write) every record is compared with what is held. A message in `unapplied` (it
 * arrived, but its chain is not closed, so the local session lacks it) is no delete.
 */
export async function sendSession(
  outbox: Outbox,
  session: Session,
  unapplied: ReadonlySet<string> | undefined,
  changed: ChangedMessages | undefined,
): Promise<void> {
  if (changed && outbox.isWhole(session.id)) {
    const { records, gone } = changedRecords(session, outbox.held(session.id), changed);
    await outbox.update(
      session.id,
      records,
      unapplied ? gone.filter((k) => !unapplied.has(k)) : gone,
    );
    return;
  }
  const held = outbox.held(session.id);
  const records = sessionRecords(session, held);
  for (const key of unapplied ?? []) {
    const json = held.get(key);
    if (json !== undefined && !records.has(key)) records.set(key, json);
  }
  await outbox.send(session.id, records);
}
