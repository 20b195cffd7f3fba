import type { JsonObject, JsonValue } from "../core/json.ts";
import { asArray, asString, isObject } from "./json-read.ts";
import {
  type DayOrder,
  forcedOrder,
  parseWallTime,
  type WallTime,
  wallMillis,
} from "./locale-time.ts";

const QUARTER_HOUR = 15 * 60_000;
const MAX_EAST = 14 * 3_600_000;
const MAX_WEST = -12 * 3_600_000;
/** How far an answer's finishing time may lie from `lastUpdate`, which NextChat sets right after it. */
const ANCHOR_SLACK = 2 * 60_000;

/** How a backup's wall times become real times: their day order, and each session's UTC offset. */
export interface BackupClock {
  order: DayOrder;
  /** Milliseconds to subtract from a wall time read as UTC; undefined when nothing anchors it. */
  offsetOf(sessionIndex: number): number | undefined;
}

/** The epoch milliseconds of a NextChat `date` under `clock`, and whether a time zone placed it. */
export function messageTime(
  date: string,
  clock: BackupClock,
  offset: number | undefined,
): { ms: number; zoned: boolean } | undefined {
  if (/^\d{4}-\d\d-\d\dT.*(?:Z|[+-]\d\d:?\d\d)$/.test(date)) {
    const ms = Date.parse(date);
    return Number.isFinite(ms) ? { ms, zoned: true } : undefined;
  }
  const wall = parseWallTime(date);
  const ms = wall ? wallMillis(wall, clock.order) : undefined;
  if (ms === undefined) return undefined;
  return offset === undefined ? { ms, zoned: false } : { ms: ms - offset, zoned: true };
}

interface Anchor {
  wall: WallTime;
  lastUpdate: number;
}

/**
 * NextChat sets an answer's `date` (its `toLocaleString()` when it finished) and the session's
 * `lastUpdate` (epoch milliseconds) in the same moment, so the last finished answer tells the
 * offset of the writer's clock: `date` read as UTC minus `lastUpdate`, a whole quarter hour.
 */
function anchorOf(session: JsonObject): Anchor | undefined {
  const lastUpdate = session.lastUpdate;
  if (typeof lastUpdate !== "number" || !Number.isFinite(lastUpdate)) return undefined;
  const messages = asArray(session.messages) ?? [];
  const answer = messages.findLast(
    (m) =>
      isObject(m) &&
      m.role === "assistant" &&
      m.isError !== true &&
      m.streaming !== true &&
      !!m.date,
  ) as JsonObject | undefined;
  const wall = answer ? parseWallTime(asString(answer.date) ?? "") : undefined;
  return wall ? { wall, lastUpdate } : undefined;
}

function offsetFor(anchor: Anchor, order: DayOrder): number | undefined {
  const wall = wallMillis(anchor.wall, order);
  if (wall === undefined) return undefined;
  const difference = wall - anchor.lastUpdate;
  const offset = Math.round(difference / QUARTER_HOUR) * QUARTER_HOUR;
  const fits =
    Math.abs(difference - offset) <= ANCHOR_SLACK && offset >= MAX_WEST && offset <= MAX_EAST;
  return fits ? offset : undefined;
}

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: T | undefined;
  for (const [value, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/**
 * The clock of a whole backup: one browser wrote it, so one locale. The day order is the one
 * some date forces (a number above 12), else the one under which the anchors fit; a session whose
 * own anchor does not fit (no finished answer) takes the offset most sessions agree on.
 */
export function backupClock(sessions: readonly JsonValue[]): BackupClock {
  const walls: WallTime[] = [];
  for (const session of sessions)
    for (const message of isObject(session) ? (asArray(session.messages) ?? []) : [])
      if (isObject(message)) {
        const wall = parseWallTime(asString(message.date) ?? "");
        if (wall) walls.push(wall);
      }
  const forced = mostCommon(walls.flatMap((w) => (w.yearFirst ? [] : (forcedOrder(w) ?? []))));
  const anchors = sessions.map((s) => (isObject(s) ? anchorOf(s) : undefined));
  const fitting = (order: DayOrder) =>
    anchors.filter((a) => a && offsetFor(a, order) !== undefined).length;
  const order: DayOrder =
    forced ?? (fitting("day-month") > fitting("month-day") ? "day-month" : "month-day");
  const offsets = anchors.map((a) => (a ? offsetFor(a, order) : undefined));
  const shared = mostCommon(offsets.filter((o) => o !== undefined));
  return { order, offsetOf: (index) => offsets[index] ?? shared };
}
