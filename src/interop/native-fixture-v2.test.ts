import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { path, versionsOf } from "../core/tree.ts";
import { exportDocumentSchema } from "./export-schema.ts";
import { serializeExport } from "./native-format.ts";
import { readImportFile } from "./read-import-file.ts";

const FIXTURE = "fixtures/exports/parley/parley-v2.json";
const bytes = readFileSync(FIXTURE);

function imported() {
  const result = readImportFile("parley-v2.json", new Uint8Array(bytes), {
    now: "2030-01-01T00:00:00.000Z",
  });
  if (!result.ok) throw new Error(`${result.error.path}: ${result.error.code}`);
  expect(result.file.failures).toEqual([]);
  return result.file;
}

describe("a saved version 2 export with a tree (fixtures/exports/parley/parley-v2.json)", () => {
  it("fits the schema, apart from the file's version", () => {
    const document = { ...JSON.parse(bytes.toString("utf8")), version: 3 };
    expect(exportDocumentSchema.safeParse(document).error?.issues).toBeUndefined();
  });

  it("imports every branch, each message under its parent, the stored path shown", () => {
    const file = imported();
    expect(file.format).toEqual({ id: "parley", version: 2 });
    const [session] = file.sessions;
    if (!session) throw new Error("one conversation expected");
    expect(session.leafId).toBe("a2");
    expect(session.messages.map((m) => [m.id, m.parentId])).toEqual([
      ["u1", undefined],
      ["a1", undefined],
      ["u2", undefined],
      ["a2", undefined],
      ["a1b", "u1"],
      ["u1b", null],
      ["a1c", undefined],
    ]);
    expect(path(session).map((m) => m.id)).toEqual(["u1", "a1", "u2", "a2"]);
    expect(versionsOf(session.messages, "a1").ids).toEqual(["a1", "a1b"]);
    expect(versionsOf(session.messages, "u1b")).toEqual({ ids: ["u1", "u1b"], index: 1 });
  });

  it("exports again as version 3 to the same bytes, apart from the file's version", () => {
    const again = serializeExport(imported().sessions, "2026-12-01T12:00:00.000Z", {
      name: "Parley",
      version: "0.1.0",
    });
    expect(again).toBe(bytes.toString("utf8").replace('"version": 2,', '"version": 3,'));
  });
});
