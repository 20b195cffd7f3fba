import { describe, expect, it } from "vitest";
import { buildMessage } from "../test/builders.ts";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { EncodedSessions, encodeSessions } from "./encoded-sessions.ts";
import { sessionBatches, sessionChars } from "./session-batches.ts";

const sessions = Array.from({ length: 7 }, (_, i) =>
  buildSampleSession({
    id: `${i}`.padStart(12, "0"),
    title: `会话 ${i} 🚀 مرحبا`,
    messages: [buildMessage({ id: "m1", role: "user", content: "x".repeat(1000 * (i + 1)) })],
  }),
);

describe("sessionBatches", () => {
  it("cuts the sessions in order into batches of about the given size, one session at least", () => {
    const batches = [...sessionBatches(sessions, 3500)];
    expect(batches.flat()).toEqual(sessions);
    for (const batch of batches)
      if (batch.length > 1)
        expect(batch.reduce((n, s) => n + sessionChars(s), 0)).toBeLessThanOrEqual(3500);
    expect(batches.at(-1)).toEqual([sessions[6]]);
    expect(batches.length).toBeGreaterThan(3);
  });
});

describe("EncodedSessions", () => {
  it("gives back the encoded sessions exactly, batch after batch, on every pass", () => {
    const batches = [...sessionBatches(sessions, 5000)].map(encodeSessions);
    const encoded = new EncodedSessions(batches, sessions.length);
    expect([...encoded]).toEqual(sessions);
    expect([...encoded]).toEqual(sessions);
    expect(encoded.length).toBe(7);
  });
});
