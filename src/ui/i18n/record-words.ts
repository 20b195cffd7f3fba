import type { SetAsideRecord } from "../../store/app-state.ts";
import { codecErrorText } from "./codec-words.ts";
import type { codecWordsEn } from "./codec-words-en.ts";
import type { recordWordsEn } from "./record-words-en.ts";

type Words = (
  key: keyof typeof recordWordsEn | keyof typeof codecWordsEn,
  vars?: Record<string, string | number>,
) => string;

/** Why a record was set aside, in the reader's language; an older Parley's reason as it wrote it. */
export function recordText(record: Pick<SetAsideRecord, "problem">, t: Words): string {
  const { problem } = record;
  switch (problem.code) {
    case "not-an-object":
      return t("record:not-an-object", { record: t(`record-kind:${problem.record}`) });
    case "codec":
      return t("record:codec", {
        path: problem.error.path,
        problem: codecErrorText(problem.error, t),
      });
    case "count-invalid":
      return t("record:count-invalid", { field: problem.field });
    case "newer-format":
      return t("record:newer-format", { version: problem.version, max: problem.max });
    case "legacy":
      return t("record:legacy", { detail: problem.detail });
    default:
      return t(`record:${problem.code}`);
  }
}
