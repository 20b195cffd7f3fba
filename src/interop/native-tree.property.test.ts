import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { path, treeOf } from "../core/tree.ts";
import { bytesOf } from "../test/interop-sessions.ts";
import { growTree, treeSteps } from "../test/tree-arbitraries.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { contentFingerprint } from "./fingerprint.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const app = { name: "Parley", version: "0.1.0" };
const at = "2026-11-29T12:00:00.000Z";

describe("a conversation tree through export version 2 and import", () => {
  it("comes back whole: every branch, every parent, the visible path (property)", () => {
    fc.assert(
      fc.property(treeSteps, (steps) => {
        const { session } = growTree(steps);
        const text = serializeExport([session], at, app);
        expect(exportDocumentSchema.safeParse(JSON.parse(text)).success).toBe(true);
        const result = readImportFile("export.json", bytesOf(text), { now: at });
        if (!result.ok) throw new Error(result.error.code);
        const [back] = result.file.sessions;
        expect(back?.messages).toEqual(session.messages);
        expect(back?.leafId).toEqual(session.leafId);
        expect(back && path(back)).toEqual(path(session));
        expect(back && [...treeOf(back.messages).parent]).toEqual([
          ...treeOf(session.messages).parent,
        ]);
        expect(back && contentFingerprint(back)).toBe(contentFingerprint(session));
        expect(back && serializeExport([back], at, app)).toBe(text);
      }),
      { numRuns: 60 },
    );
  });

  it("tells two trees with the same messages under other parents apart", () => {
    const { session } = growTree([
      { kind: "append", content: "q" },
      { kind: "append", content: "a" },
    ]);
    const [q, a] = session.messages;
    if (!q || !a) throw new Error("two messages expected");
    const siblings = { ...session, messages: [q, { ...a, parentId: null }] };
    expect(contentFingerprint(siblings)).not.toBe(contentFingerprint(session));
  });
});
