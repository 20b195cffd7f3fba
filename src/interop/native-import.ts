import { restore } from "../core/codec/index.ts";
import type { JsonObject, JsonValue } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { cleanNativeTitle } from "./clean-import-title.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { fromFile, refusal } from "./import-problem.ts";
import { emptyOutput, type ImporterOutput, type ImportFormat } from "./importer.ts";
import { asString, isObject } from "./json-read.ts";
import { readNativeAttachments } from "./native-attachments.ts";
import { EXPORT_FORMAT, EXPORT_VERSION } from "./native-format.ts";
import { credentialWarnings, scrubSecrets } from "./scrub-secrets.ts";

type ExportMigration = (document: JsonObject) => JsonObject;

/**
 * `EXPORT_MIGRATIONS[n]` turns an export file of version n into version n + 1. Sessions inside
 * carry their own `format_version` and are migrated by the codec.
 */
const EXPORT_MIGRATIONS: Readonly<Record<number, ExportMigration>> = {
  // Version 2 carries each conversation's tree inside its sessions (format 2, migrated by the codec).
  1: (document) => document,
  // Version 3 may carry the attachments' bytes (`attachments`); version 2 files have none.
  2: (document) => document,
};

export function isNativeExport(value: JsonValue): boolean {
  return isObject(value) && value.format === EXPORT_FORMAT;
}

export function nativeFormat(value: JsonValue): ImportFormat {
  const version = isObject(value) ? value.version : undefined;
  return typeof version === "number" ? { id: "parley", version } : { id: "parley" };
}

function migrateDocument(value: JsonObject): Result<JsonObject, ImportIssue> {
  const version = value.version;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1)
    return failed(issueAt("$.version", { code: "export-version-invalid" }));
  if (version > EXPORT_VERSION)
    return failed(
      issueAt("$.version", { code: "export-version-newer", version, max: EXPORT_VERSION }),
    );
  let document = value;
  for (let v = version; v < EXPORT_VERSION; v++) {
    const step = EXPORT_MIGRATIONS[v];
    if (!step)
      return failed(issueAt("$.version", { code: "export-version-unreadable", version: v }));
    document = { ...step(document), version: v + 1 };
  }
  return ok(document);
}

export function readNative(value: JsonValue): Result<ImporterOutput, ImportIssue> {
  const output = emptyOutput();
  const migrated = migrateDocument(value as JsonObject);
  if (!migrated.ok) return migrated;
  const document = migrated.value;
  const sessions = document.sessions;
  if (!Array.isArray(sessions)) return failed(issueAt("$.sessions", { code: "sessions-not-list" }));
  const read = readNativeAttachments(document);
  if (!read.ok) return read;
  const { warnings, ...attachments } = read.value;
  output.attachments = attachments;
  output.warnings.push(...warnings);
  const seen = new Set<string>();
  sessions.forEach((raw, index) => {
    const at = jsonPath(["sessions", index]);
    const title = isObject(raw) ? (asString(raw.title) ?? "") : "";
    const restored = restore(raw);
    if (!restored.ok) {
      const { path, more: _more, ...field } = restored.error;
      output.failures.push({
        path: at + path.slice(1),
        ...refusal(field),
        title: cleanNativeTitle(title),
      });
      return;
    }
    const session = restored.session;
    if (seen.has(session.id)) {
      output.failures.push({
        path: `${at}.session_id`,
        code: "duplicate-id",
        id: fromFile(session.id),
        title: session.title,
      });
      return;
    }
    seen.add(session.id);
    const metadata = scrubSecrets(session.metadata);
    const state = scrubSecrets(session.state);
    output.warnings.push(...credentialWarnings(`${at}.metadata`, metadata.removed));
    output.warnings.push(...credentialWarnings(`${at}.state`, state.removed));
    const cleanTitle = cleanNativeTitle(session.title);
    if (cleanTitle !== session.title)
      output.warnings.push({
        path: `${at}.title`,
        code: "title-cleaned",
      });
    output.sessions.push({
      ...session,
      title: cleanTitle,
      metadata: metadata.object,
      state: state.object,
    });
  });
  return ok(output);
}
