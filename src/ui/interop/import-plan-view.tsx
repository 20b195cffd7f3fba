import { memo } from "react";
import type { ConflictChoice, ImportPlan, PlanItem } from "../../interop/import-plan.ts";
import { formatText } from "../i18n/import-format-words.ts";
import { notesText } from "../i18n/import-note-words.ts";
import { problemText } from "../i18n/import-problem-words.ts";
import type { ImportTranslate } from "./interop-strings.ts";
import { useGrowingCount } from "./use-growing-count.ts";

function statusOf(item: PlanItem, t: ImportTranslate): string {
  if (item.classification === "new") return t("new");
  if (item.classification === "identical") return t("identical");
  if (item.classification === "restore") return t("restore", { count: item.restores?.length ?? 0 });
  return item.conflictWith === "import" ? t("conflictInImport") : t("conflict");
}

function ConflictSelect(props: {
  item: PlanItem;
  t: ImportTranslate;
  onChoose: (key: string, choice: ConflictChoice) => void;
}) {
  const { item, t } = props;
  const title = item.conversation.title || t("untitled");
  return (
    <select
      aria-label={t("choiceFor", { title })}
      value={item.choice}
      onChange={(e) => props.onChoose(item.key, e.target.value as ConflictChoice)}
    >
      <option value="skip">{t("skip")}</option>
      {item.conflictWith === "existing" ? <option value="replace">{t("replace")}</option> : null}
      <option value="keep-both">{t("keepBoth")}</option>
    </select>
  );
}

/**
 * What an import will do: the files and formats found, every conversation with its
 * classification, and the problems. Memoised: the commit's progress re-renders the dialog many
 * times while the plan, with its thousands of rows, stays the same.
 */
export const ImportPlanView = memo(function ImportPlanView(props: {
  plan: ImportPlan;
  t: ImportTranslate;
  onChoose: (key: string | null, choice: ConflictChoice) => void;
}) {
  const { plan, t } = props;
  const conflicts = plan.items.filter((i) => i.classification === "conflict").length;
  const shown = useGrowingCount(plan.items.length);
  return (
    <>
      <ul aria-label={t("files")} className="import-files">
        {plan.files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice
          <li key={index}>
            {file.notAnExport
              ? t("fileNotExport", { file: file.fileName, kind: t(`kind:${file.notAnExport}`) })
              : file.format === null
                ? t("fileRefused", { file: file.fileName })
                : t("fileFound", {
                    file: file.fileName,
                    format: formatText(file.format, t),
                    count: file.conversations,
                  })}
          </li>
        ))}
      </ul>
      {plan.failures.length > 0 ? (
        <div role="alert" className="import-problems">
          <strong>{t("problems")}</strong>
          <ul>
            {plan.failures.map((f, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: failures have no identity of their own
              <li key={index}>
                {t("problem", { file: f.fileName, path: f.path, message: problemText(f, t) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {conflicts > 1 ? (
        <label className="import-all-conflicts">
          {t("allConflicts")}{" "}
          <select
            defaultValue=""
            onChange={(e) =>
              e.target.value && props.onChoose(null, e.target.value as ConflictChoice)
            }
          >
            <option value="" disabled>
              …
            </option>
            <option value="skip">{t("skip")}</option>
            <option value="replace">{t("replace")}</option>
            <option value="keep-both">{t("keepBoth")}</option>
          </select>
        </label>
      ) : null}
      {plan.items.length > 0 ? (
        <ul aria-label={t("conversations")} className="import-items">
          {plan.items.slice(0, shown).map((item) => (
            <li key={item.key} data-classification={item.classification}>
              <span className="import-title">{item.conversation.title || t("untitled")}</span>
              <span className="import-status">{statusOf(item, t)}</span>
              {item.classification === "conflict" ? (
                <ConflictSelect item={item} t={t} onChoose={props.onChoose} />
              ) : null}
              {item.conversation.notes.length > 0 ? (
                <span className="import-notes">{notesText(item.conversation.notes, t)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {plan.warnings.length > 0 ? (
        <details className="import-warnings">
          <summary>{t("warnings", { count: plan.warnings.length })}</summary>
          <ul>
            {plan.warnings.map((w, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no identity of their own
              <li key={index}>
                {t("problem", { file: w.fileName, path: w.path, message: problemText(w, t) })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
});
