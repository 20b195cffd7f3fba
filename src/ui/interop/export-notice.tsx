import { IMPORT_LIMITS } from "../../interop/limits.ts";
import type { ExportOutcome } from "./export-sessions.ts";
import { useInteropT } from "./interop-strings.ts";

const mb = (bytes: number) => Math.ceil(bytes / 1048576);

/** What the person should know after an export: why it failed, or that it was split or left credentials out. */
export function ExportNotice(props: { outcome: ExportOutcome }) {
  const t = useInteropT();
  const { outcome } = props;
  if (!outcome.ok)
    return (
      <p role="alert" className="import-export-error">
        {t("exportFailed", { reason: outcome.reason })}
      </p>
    );
  const lines = [
    ...(outcome.files > 1 ? [t("exportSplit", { files: outcome.files })] : []),
    ...(outcome.credentialsRemoved > 0
      ? [t("exportCredentials", { count: outcome.credentialsRemoved })]
      : []),
    ...(outcome.attachmentsLeftOut > 0
      ? [t("exportAttachmentsLeftOut", { count: outcome.attachmentsLeftOut })]
      : []),
    ...outcome.oversized.map((s) =>
      t("exportOversized", {
        title: s.title || t("untitled"),
        size: mb(s.bytes),
        limit: mb(IMPORT_LIMITS.maxFileBytes),
      }),
    ),
  ];
  if (lines.length === 0) return null;
  return (
    <div role="status" className="import-status export-notice">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
