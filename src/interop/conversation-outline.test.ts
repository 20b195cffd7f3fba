import { describe, expect, it } from "vitest";
import type { Session } from "../core/session.ts";
import { attachedFixture } from "../test/attached-sessions.ts";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { outlineFile } from "./conversation-outline.ts";
import { contentFingerprint } from "./fingerprint.ts";
import type { ReadFileResult } from "./read-import-file.ts";

const read = (fileName: string, ...sessions: Session[]): ReadFileResult => ({
  ok: true,
  file: {
    fileName,
    format: { id: "parley", version: 1 },
    sessions,
    notes: sessions.map((s) => (s.title === "B" ? [{ code: "versions", count: 2 }] : [])),
    failures: [{ path: "$.sessions[9]", title: "Broken", code: "duplicate-id", id: "x" }],
    warnings: [],
  },
});

describe("outlineFile", () => {
  it("numbers the sessions across files, keeps them by that number, and fingerprints each", () => {
    const kept: Session[] = [];
    const a = buildSampleSession({ id: "aaaaaaaaaaaa", title: "A" });
    const b = buildSampleSession({ id: "bbbbbbbbbbbb", title: "B", revision: 4 });
    const first = outlineFile(read("one.json", a), kept);
    const refused = outlineFile(
      { ok: false, fileName: "bad.json", error: { path: "$", code: "file-empty" } },
      kept,
    );
    const second = outlineFile(read("two.json", b, a), kept);
    expect(refused).toEqual({
      ok: false,
      fileName: "bad.json",
      error: { path: "$", code: "file-empty" },
    });
    expect(first.ok && first.file.failures).toEqual([
      { path: "$.sessions[9]", title: "Broken", code: "duplicate-id", id: "x" },
    ]);
    const outlines = [first, second].flatMap((r) => (r.ok ? r.file.conversations : []));
    expect(outlines).toEqual([
      {
        index: 0,
        id: a.id,
        title: "A",
        messageCount: 4,
        revision: a.revision,
        fingerprint: contentFingerprint(a),
        notes: [],
      },
      {
        index: 1,
        id: b.id,
        title: "B",
        messageCount: 4,
        revision: 4,
        fingerprint: contentFingerprint(b),
        notes: [{ code: "versions", count: 2 }],
      },
      {
        index: 2,
        id: a.id,
        title: "A",
        messageCount: 4,
        revision: a.revision,
        fingerprint: contentFingerprint(a),
        notes: [],
      },
    ]);
    expect(kept).toEqual([a, b, a]);
    expect(second.ok && "sessions" in second.file).toBe(false);
    expect(second.ok && "notes" in second.file).toBe(false);
  });

  it("names the checked bytes a conversation carries, and leaves the bytes themselves behind", async () => {
    const { a, b, sessions, blobs } = await attachedFixture();
    const verifiedBlobs = [a, b].map((x) => ({
      hash: x.hash,
      mime: x.mime,
      bytes: blobs.get(x.hash) ?? new Uint8Array(),
    }));
    const checked = read("one.json", ...sessions);
    if (!checked.ok) throw new Error("a read file expected");
    const outlined = outlineFile(
      { ok: true, file: { ...checked.file, verifiedBlobs: verifiedBlobs.slice(0, 1) } },
      [],
    );
    expect(outlined.ok && outlined.file.conversations.map((c) => c.carried)).toEqual([
      [a.hash],
      undefined,
    ]);
    expect(outlined.ok && "verifiedBlobs" in outlined.file).toBe(false);
  });
});
