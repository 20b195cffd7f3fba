import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSampleSession } from "../test/interop-sessions.ts";
import { exportDocumentSchema, exportJsonSchema } from "./export-schema.ts";
import { serializeExport } from "./native-format.ts";

const FILE = "docs/parley-export.schema.json";
const generated = `${JSON.stringify(exportJsonSchema(), null, 2)}\n`;

describe("docs/parley-export.schema.json", () => {
  it("is the one generated from the codec's schema (npm run schema writes it)", () => {
    if (process.env.UPDATE_SCHEMA) writeFileSync(FILE, generated);
    expect(readFileSync(FILE, "utf8"), `${FILE} is stale: run npm run schema`).toBe(generated);
  });

  it("describes what an export writes, answer notes included", () => {
    const session = buildSampleSession();
    const text = serializeExport([session], "2026-11-29T12:00:00.000Z", {
      name: "Parley",
      version: "0.1.0",
    });
    expect(exportDocumentSchema.safeParse(JSON.parse(text)).success).toBe(true);
    expect(JSON.stringify(exportJsonSchema())).toContain('"notes"');
  });
});
