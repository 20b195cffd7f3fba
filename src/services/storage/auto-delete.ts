import type { SessionSummary } from "../../persistence/repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sessions the auto-delete setting removes: untouched for more than `days` days, not pinned,
 * not generating. `days` 0 (or less) means the setting is off.
 */
export function staleSessions(
  summaries: Iterable<SessionSummary>,
  days: number,
  now: number,
  busy: (id: string) => boolean,
): string[] {
  if (!(days > 0)) return [];
  const cutoff = now - days * DAY_MS;
  const out: string[] = [];
  for (const s of summaries) {
    const touched = Date.parse(s.updatedAt);
    if (!s.pinned && !busy(s.id) && Number.isFinite(touched) && touched < cutoff) out.push(s.id);
  }
  return out;
}
