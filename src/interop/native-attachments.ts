import type { JsonObject } from "../core/json.ts";
import { failed, ok, type Result } from "../core/result.ts";
import { exportedAttachment } from "./export-schema.ts";
import { type ImportIssue, issueAt, jsonPath } from "./import-issue.ts";
import { fieldProblem } from "./import-problem.ts";
import { IMPORT_LIMITS, type ImportLimits } from "./limits.ts";

/** One attachment's bytes as a file holds them, not yet decoded or checked against its hash. */
export interface EncodedBlob {
  hash: string;
  mime: string;
  /** Base64, as in the file. */
  data: string;
  /** Where it is in the file, e.g. `$.attachments[2]`. */
  path: string;
}

/** What a native file says of its attachments' bytes. */
export interface NativeAttachments {
  blobs: EncodedBlob[];
  /** Attachments the writer left out by choice (`attachments_left_out`). */
  leftOut: number;
  warnings: ImportIssue[];
}

/**
 * The `attachments` list of a Parley file (version 3). Too many entries refuse the file before
 * any is decoded; an entry that is not one (a bad hash, not base64, over the size limit) is left
 * out with a warning, so the messages that name it import with that attachment missing.
 */
export function readNativeAttachments(
  document: JsonObject,
  limits: Pick<ImportLimits, "maxAttachments"> = IMPORT_LIMITS,
): Result<NativeAttachments, ImportIssue> {
  const leftOut = document.attachments_left_out;
  const out: NativeAttachments = {
    blobs: [],
    leftOut: typeof leftOut === "number" && Number.isInteger(leftOut) && leftOut > 0 ? leftOut : 0,
    warnings: [],
  };
  const list = document.attachments;
  if (list === undefined) return ok(out);
  if (!Array.isArray(list)) {
    out.warnings.push({ path: "$.attachments", code: "attachments-not-list" });
    return ok(out);
  }
  if (list.length > limits.maxAttachments)
    return failed(
      issueAt("$.attachments", {
        code: "too-many-attachments",
        count: list.length,
        max: limits.maxAttachments,
      }),
    );
  list.forEach((raw, index) => {
    const path = jsonPath(["attachments", index]);
    const parsed = exportedAttachment.safeParse(raw, { reportInput: true });
    if (parsed.success) {
      out.blobs.push({ ...parsed.data, path });
      return;
    }
    const issue = parsed.error.issues[0];
    const field = issue?.path.filter((p) => typeof p !== "symbol").join(".") ?? "";
    out.warnings.push({
      path: field === "" ? path : `${path}.${field}`,
      code: "attachment-invalid",
      field: fieldProblem(issue),
    });
  });
  return ok(out);
}
