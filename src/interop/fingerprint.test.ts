import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { stepVersion } from "../test/shown-versions.ts";
import { contentFingerprint } from "./fingerprint.ts";
import { readImportFile } from "./read-import-file.ts";

const edited = new Uint8Array(
  readFileSync("fixtures/exports/chatgpt/chatgpt-conv-edited-branch.json"),
);
const read = (now: string) => {
  const result = readImportFile("conversations.json", edited, { now });
  if (!result.ok) throw new Error(result.error.code);
  return result.file.sessions[0] as Session;
};

describe("the fingerprint of a branched conversation", () => {
  const session = read("2026-11-29T12:00:00.000Z");

  it("is the same for the same export read twice, and after another version is shown", () => {
    expect(contentFingerprint(read("2026-12-01T08:00:00.000Z"))).toBe(contentFingerprint(session));
    const switched = stepVersion(session, 0, -1);
    expect(switched.leafId).toBeDefined();
    expect(contentFingerprint(switched)).toBe(contentFingerprint(session));
  });

  it("changes with a message on a branch that is not shown", () => {
    const hidden = session.messages.findIndex((m) => m.content.includes("Windows에서"));
    expect(hidden).toBeGreaterThanOrEqual(0);
    const messages = session.messages.map((m, i) =>
      i === hidden ? { ...m, content: `${m.content}!` } : m,
    );
    expect(contentFingerprint({ ...session, messages })).not.toBe(contentFingerprint(session));
  });

  it("changes when a message hangs from another parent, the texts all the same", () => {
    const first = session.messages[0]?.id ?? "";
    const messages = session.messages.map((m, i) =>
      i === session.messages.length - 1 ? { ...m, parentId: first } : m,
    );
    expect(contentFingerprint({ ...session, messages })).not.toBe(contentFingerprint(session));
  });
});
