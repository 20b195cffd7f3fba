import type { ImportReport, SkipReason } from "../../interop/commit-plan.ts";
import type { ImportFailure } from "../../services/import/import-write.ts";
import { problemText } from "../i18n/import-problem-words.ts";
import { useT } from "../i18n/use-t.ts";
import { importFailureWords } from "./import-failure-words.ts";
import type { ImportTranslate } from "./interop-strings.ts";

const SKIP_WORDS = {
  identical: "skippedIdentical",
  chosen: "skippedChosen",
} as const satisfies Record<SkipReason, string>;

/** The outcome of a committed import: counts, then what was skipped or failed and why. */
export function ImportReportView(props: {
  report: ImportReport;
  error: ImportFailure | null;
  t: ImportTranslate;
}) {
  const { report, t } = props;
  const words = useT();
  const error = props.error ? importFailureWords(words, props.error) : null;
  const counts = {
    added: report.added.length,
    replaced: report.replaced.length,
    skipped: report.skipped.length,
    failed: report.failed.length,
  };
  return (
    <>
      {error ? <p role="alert">{t("importFailed", { reason: error })}</p> : null}
      <p role="status">{t("report", counts)}</p>
      {report.restored.length > 0 ? (
        <p>
          {t("restored", {
            count: report.restored.length,
            files: report.restored.reduce((sum, r) => sum + r.files, 0),
          })}
        </p>
      ) : null}
      {report.failed.length > 0 ? (
        <ul aria-label={t("problems")}>
          {report.failed.map((f, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
            <li key={index}>
              {t("failedReason", {
                title: f.title || t("untitled"),
                file: f.fileName,
                path: f.path,
                reason: f.problem ? problemText(f.problem, t) : (error ?? ""),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      {report.skipped.length > 0 ? (
        <ul aria-label={t("skip")}>
          {report.skipped.map((s, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
            <li key={index}>
              {t("skippedReason", {
                title: s.title || t("untitled"),
                reason: t(SKIP_WORDS[s.reason]),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
