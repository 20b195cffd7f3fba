import * as z from "zod";
import { HASH_PATTERN } from "../core/attachments/attachment.ts";
import { diskSession, isoTime } from "../core/codec/schema.ts";
import type { JsonObject } from "../core/json.ts";
import { IMPORT_LIMITS } from "./limits.ts";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./native-format.ts";

const appName = z.string().min(1).max(100);

/** One attachment's bytes: standard base64 (RFC 4648, with padding), named by its SHA-256. */
export const exportedAttachment = z.strictObject({
  hash: z.string().regex(HASH_PATTERN),
  mime: z.string().min(1).max(127),
  data: z
    .string()
    .max(4 * Math.ceil(IMPORT_LIMITS.maxAttachmentBytes / 3))
    // A group repeated per four characters overflows the regular expression's stack on a
    // large attachment; one character class and the length say the same.
    .regex(/^[A-Za-z0-9+/]*={0,2}$/u)
    .refine((data) => data.length % 4 === 0, { error: "base64 comes in groups of 4 characters" }),
});

/** A Parley export file, as `serializeExport` writes it; its sessions are the codec's disk shape. */
export const exportDocumentSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: isoTime,
  app: z.strictObject({ name: appName, version: appName }),
  credentials_removed: z.int().min(1).optional(),
  attachments_left_out: z.int().min(1).optional(),
  sessions: z.array(diskSession).max(IMPORT_LIMITS.maxConversations),
  attachments: z.array(exportedAttachment).max(IMPORT_LIMITS.maxAttachments).optional(),
});

/** `docs/parley-export.schema.json`: the JSON Schema of an export, derived from the zod schema. */
export function exportJsonSchema(): JsonObject {
  const { $schema, ...schema } = z.toJSONSchema(exportDocumentSchema, {
    unrepresentable: "any",
  }) as JsonObject;
  return {
    $schema: $schema ?? "https://json-schema.org/draft/2020-12/schema",
    $id: `https://parley.invalid/schemas/parley-export-v${EXPORT_VERSION}.json`,
    title: `Parley export, version ${EXPORT_VERSION}`,
    description:
      "A file written by Parley's Export chat / Export all. See docs/format.md. Generated from src/interop/export-schema.ts: do not edit by hand.",
    ...schema,
  };
}
