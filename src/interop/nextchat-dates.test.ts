import { describe, expect, it } from "vitest";
import { bytesOf } from "../test/interop-sessions.ts";
import { readImportFile } from "./read-import-file.ts";

const now = "2026-11-29T12:00:00.000Z";

interface Said {
  role: "user" | "assistant";
  date: string;
  isError?: boolean;
}

/** A NextChat session whose messages say `said`; `lastUpdate` as NextChat sets it (epoch ms). */
function session(id: string, lastUpdate: number | undefined, said: Said[]) {
  return {
    id,
    topic: id,
    lastUpdate,
    messages: said.map((m, i) => ({ id: `${id}-${i}`, content: `message ${i}`, ...m })),
  };
}

function read(...sessions: ReturnType<typeof session>[]) {
  const backup = { "chat-next-web-store": { sessions, currentSessionIndex: 0 } };
  const result = readImportFile("Backup.json", bytesOf(backup), { now });
  if (!result.ok) throw new Error(result.error.code);
  return result.file;
}

const times = (file: ReturnType<typeof read>, n = 0) => {
  const s = file.sessions[n];
  return {
    createdAt: s?.createdAt,
    updatedAt: s?.updatedAt,
    messages: s?.messages.map((m) => m.createdAt),
  };
};

describe("NextChat dates are read in the writer's time zone and locale, not the reader's", () => {
  it("a backup written at 15:57 in UTC+8 (zh-CN) imports at 07:57Z, anchored by lastUpdate", () => {
    const file = read(
      session("a", Date.UTC(2023, 5, 11, 7, 57, 0, 412), [
        { role: "user", date: "2023/6/11 15:56:40" },
        { role: "assistant", date: "2023/6/11 15:57:00" },
      ]),
    );
    expect(times(file)).toEqual({
      createdAt: "2023-06-11T07:56:40.000Z",
      updatedAt: "2023-06-11T07:57:00.412Z",
      messages: ["2023-06-11T07:56:40.000Z", "2023-06-11T07:57:00.000Z"],
    });
    expect(file.notes[0]).toEqual([]);
  });

  it("06/11/2023 from en-GB in New York is 6 November at 20:57Z, not 11 June", () => {
    const file = read(
      session("b", Date.UTC(2023, 10, 6, 20, 57, 0, 300), [
        { role: "user", date: "06/11/2023, 15:56:10" },
        { role: "assistant", date: "06/11/2023, 15:57:00" },
      ]),
    );
    expect(times(file).messages).toEqual(["2023-11-06T20:56:10.000Z", "2023-11-06T20:57:00.000Z"]);
  });

  it("reads en-US with PM and a narrow space, Korean and Arabic digits", () => {
    const at = Date.UTC(2023, 5, 11, 7, 57, 0, 100);
    const file = read(
      session("us", at, [{ role: "assistant", date: "6/11/2023, 3:57:00\u202fPM" }]),
      session("ko", at, [{ role: "assistant", date: "2023. 6. 11. 오후 3:57:00" }]),
    );
    expect(times(file, 0).messages).toEqual(["2023-06-11T07:57:00.000Z"]);
    expect(times(file, 1).messages).toEqual(["2023-06-11T07:57:00.000Z"]);
    const arabic = read(
      session("ar", Date.UTC(2023, 5, 11, 12, 57, 0, 100), [
        { role: "assistant", date: "١١\u200f/٦\u200f/٢٠٢٣، ٣:٥٧:٠٠ م" },
      ]),
    );
    expect(times(arabic).messages).toEqual(["2023-06-11T12:57:00.000Z"]);
  });

  it("a session with no finished answer takes the offset the rest of the backup agrees on", () => {
    const file = read(
      session("anchored", Date.UTC(2023, 5, 11, 7, 57, 0, 412), [
        { role: "user", date: "2023/6/11 15:56:40" },
        { role: "assistant", date: "2023/6/11 15:57:00" },
      ]),
      session("failed", Date.UTC(2023, 5, 12, 1, 0, 0, 0), [
        { role: "user", date: "2023/6/12 9:30:00" },
        { role: "assistant", date: "2023/6/12 9:30:02", isError: true },
      ]),
    );
    expect(times(file, 1)).toEqual({
      createdAt: "2023-06-12T01:30:00.000Z",
      updatedAt: "2023-06-12T01:30:02.000Z",
      messages: ["2023-06-12T01:30:00.000Z", "2023-06-12T01:30:02.000Z"],
    });
  });

  it("never produces a creation time after the last update, and says when no time zone could be found", () => {
    const file = read(
      session("lone", Date.UTC(2023, 5, 11, 1, 0, 0, 0), [
        { role: "user", date: "2023/6/11 15:56:40" },
        { role: "assistant", date: "2023/6/11 15:57:00", isError: true },
      ]),
    );
    const { createdAt, updatedAt } = times(file);
    expect(createdAt && updatedAt && createdAt <= updatedAt).toBe(true);
    expect(times(file).messages).toEqual(["2023-06-11T15:56:40.000Z", "2023-06-11T15:57:00.000Z"]);
    expect(file.notes[0]).toEqual([{ code: "times-without-zone", count: 2 }]);
  });
});
