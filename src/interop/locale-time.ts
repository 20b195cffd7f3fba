/**
 * A wall-clock time read from what `Date.prototype.toLocaleString()` writes in some locale
 * ("2023/6/11 15:57:00", "6/11/2023, 3:57:00 PM", "11.6.2023, 15:57:00", "2023. 6. 11. 오후 3:57:00"),
 * before it is placed in a time zone. When the year comes last, which of the other two numbers
 * is the month is not known from one string: `first` and `second` keep them in writing order.
 */
export interface WallTime {
  yearFirst: boolean;
  year: number;
  first: number;
  second: number;
  hour: number;
  minute: number;
  secondOfMinute: number;
}

export type DayOrder = "month-day" | "day-month";

const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0xff10];
const PM = /(?:^|[^a-z])p\.?\s?m\.?(?:$|[^a-z])|下午|晚上|午後|오후|م(?![\u0600-\u06ff])/i;
const AM = /(?:^|[^a-z])a\.?\s?m\.?(?:$|[^a-z])|上午|凌晨|早上|午前|오전|ص(?![\u0600-\u06ff])/i;

function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\uff10-\uff19]/g, (c) => {
    const code = c.charCodeAt(0);
    const base = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - base);
  });
}

/** The parts of a locale's date and time string, or undefined when it is not one. */
export function parseWallTime(text: string): WallTime | undefined {
  const plain = asciiDigits(text);
  const numbers = plain.match(/\d+/g)?.map(Number) ?? [];
  const digits = plain.match(/\d+/g) ?? [];
  if (numbers.length < 5 || numbers.length > 6) return undefined;
  const [a = 0, b = 0, c = 0, rawHour = 0, minute = 0, secondOfMinute = 0] = numbers;
  const yearFirst = digits[0]?.length === 4;
  if (!yearFirst && digits[2]?.length !== 4) return undefined;
  let hour = rawHour;
  if (PM.test(plain) && hour < 12) hour += 12;
  else if (AM.test(plain) && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || secondOfMinute > 59) return undefined;
  return yearFirst
    ? { yearFirst, year: a, first: b, second: c, hour, minute, secondOfMinute }
    : { yearFirst, year: c, first: a, second: b, hour, minute, secondOfMinute };
}

/** The order a year-last string must be in: known when one of the two numbers is above 12. */
export function forcedOrder(time: WallTime): DayOrder | undefined {
  if (time.yearFirst) return "month-day";
  if (time.first > 12) return "day-month";
  if (time.second > 12) return "month-day";
  return undefined;
}

/**
 * The wall time as milliseconds as if it were UTC, in the given order (a year-first string is
 * always year, month, day), or undefined when that order gives no real date.
 */
export function wallMillis(time: WallTime, order: DayOrder): number | undefined {
  const monthFirst = time.yearFirst || order === "month-day";
  const month = monthFirst ? time.first : time.second;
  const day = monthFirst ? time.second : time.first;
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const ms = Date.UTC(time.year, month - 1, day, time.hour, time.minute, time.secondOfMinute);
  return new Date(ms).getUTCDate() === day ? ms : undefined;
}
