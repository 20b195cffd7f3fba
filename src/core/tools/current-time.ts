import * as z from "zod/mini";
import type { Tool } from "../tool.ts";

/** The current time as ISO 8601 in an IANA time zone (the runtime's own zone by default). */
export const currentTimeTool: Tool = {
  name: "current_time",
  description:
    "Get the current date and time. Optionally pass an IANA time zone such as Asia/Shanghai or America/New_York.",
  parameters: z.strictObject({
    timeZone: z.optional(
      z.string().check(z.minLength(1), z.maxLength(100), z.describe("IANA time zone name")),
    ),
  }),
  run(args, ctx) {
    const requested = typeof args.timeZone === "string" ? args.timeZone : undefined;
    const timeZone = requested ?? new Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
    return { iso: isoInZone(ctx.now(), timeZone), timeZone };
  },
};

/** `2026-11-29T18:00:00.000+08:00`: the instant `ms` as wall time in `timeZone`, with its offset. */
export function isoInZone(ms: number, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
  } catch {
    throw new Error(
      `unknown time zone "${timeZone}"; use an IANA name such as Asia/Shanghai or UTC`,
    );
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(ms))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wholeSecond = Math.floor(ms / 1000) * 1000;
  const millis = ms - wholeSecond;
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offsetMinutes = Math.round((wall - wholeSecond) / 60_000);
  const local = new Date(wall + millis).toISOString().slice(0, 23);
  return local + formatOffset(offsetMinutes);
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return "Z";
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${sign}${hh}:${mm}`;
}
