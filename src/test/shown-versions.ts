import type { Session } from "../core/session.ts";
import { showVersion } from "../core/session-ops.ts";
import { path, versionsOf } from "../core/tree.ts";
import { createTestClock } from "./clock.ts";

/** The texts a reader sees: the session's visible path. */
export function shownTexts(session: Session): string[] {
  return path(session).map((m) => m.content);
}

/** The versions of the `at`-th message of the visible path, as `Version N of M` counts them. */
export function versionsShown(session: Session, at: number): { n: number; of: number } {
  const id = path(session)[at]?.id ?? "";
  const { ids, index } = versionsOf(session.messages, id);
  return { n: index + 1, of: ids.length };
}

/** The session after `Previous version` (step -1) or `Next version` (+1) on the `at`-th message. */
export function stepVersion(session: Session, at: number, step: -1 | 1): Session {
  const id = path(session)[at]?.id ?? "";
  const { ids, index } = versionsOf(session.messages, id);
  const other = ids[index + step];
  if (other === undefined) throw new Error(`no version ${index + step + 1} of ${ids.length}`);
  return showVersion(session, other, { clock: createTestClock() });
}
