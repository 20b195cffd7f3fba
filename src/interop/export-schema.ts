import * as z from "zod";
import { diskSession, isoTime } from "../core/codec/schema.ts";
import type { JsonObject } from "../core/json.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./native-format.ts";

const appName = z.string().min(1).max(100);

/** A Parley export file, as `serializeExport` writes it; its sessions are the codec's disk shape. */
export const exportDocumentSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: isoTime,
  app: z.strictObject({ name: appName, version: appName }),
  credentials_removed: z.int().min(1).optional(),
  sessions: z.array(diskSession).max(IMPORT_LIMITS.maxConversations),
});

/** `docs/parley-export.schema.json`: the JSON Schema of an export, derived from the zod schema. */
export function exportJsonSchema(): JsonObject {
  const { $schema, ...schema } = z.toJSONSchema(exportDocumentSchema, {
    unrepresentable: "any",
  }) as JsonObject;
  return {
    $schema: $schema ?? "https://json-schema.org/draft/2020-12/schema",
    $id: "https://parley.invalid/schemas/parley-export-v2.json",
    title: "Parley export, version 2",
    description:
      "A file written by Parley's Export chat / Export all. See docs/format.md. Generated from src/interop/export-schema.ts: do not edit by hand.",
    ...schema,
  };
}
