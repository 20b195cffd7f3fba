import type { CommitProgress, ReadingProgress } from "../../services/import/import-service.ts";
import type { ImportTranslate } from "./interop-strings.ts";

function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

function progressText(
  progress: ReadingProgress | CommitProgress,
  fileName: string,
  t: ImportTranslate,
) {
  const { done, total } = progress;
  switch (progress.phase) {
    case "reading":
      return t("reading", { file: fileName });
    case "parsing":
      return t("parsing", { file: fileName, percent: percent(done, total) });
    case "converting":
      return t("converting", { file: fileName, done, total });
    default:
      return t(progress.phase, { done, total });
  }
}

/** What the import is doing now, in words and as a bar, from reading the files to saving them. */
export function ImportProgressView(props: {
  progress: ReadingProgress | CommitProgress;
  fileName: string;
  t: ImportTranslate;
}) {
  const { progress, fileName, t } = props;
  return (
    <div className="import-progress">
      <p aria-live="polite">{progressText(progress, fileName, t)}</p>
      <progress
        aria-label={t("progress")}
        max={100}
        value={progress.phase === "reading" ? 0 : percent(progress.done, progress.total)}
      />
    </div>
  );
}
