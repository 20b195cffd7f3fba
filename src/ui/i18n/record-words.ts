import type { RecordProblem } from "../../persistence/layout/record-problem.ts";
import type { DamagedRecord } from "../../persistence/repository.ts";
import { codecErrorText, type codecWordsEn } from "./codec-words.ts";

type Key =
  | `record:${RecordProblem["code"]}`
  | `record-kind:${"summary" | "head" | "chunk" | "checkpoint"}`;

/** Why a stored record was set aside (`persistence/layout/record-problem.ts`), as Settings → Storage lists it. */
export const recordWordsEn: Record<Key, string> = {
  "record:not-an-object": "the {record} is not a JSON object",
  "record:summary-fields": "the summary lacks a field or has one of the wrong type",
  "record:summary-other-session": "the summary names another conversation",
  "record:head-missing": "the conversation's head is missing",
  "record:session-unreadable": "its conversation could not be read",
  "record:count-invalid": "{field} is not a valid whole number",
  "record:messages-not-list": "its messages are not a list",
  "record:newer-format":
    "written by a newer Parley (format {version}; this one reads up to {max}): update Parley to read it",
  "record:codec": "at {path}: {problem}",
  "record:set-aside": "set aside",
  "record:legacy": "{detail}",
  "record-kind:summary": "summary",
  "record-kind:head": "conversation head",
  "record-kind:chunk": "block of messages",
  "record-kind:checkpoint": "checkpoint of an unfinished answer",
};

export const recordWordsZh: Record<Key, string> = {
  "record:not-an-object": "{record}不是 JSON 对象",
  "record:summary-fields": "摘要缺少字段，或某个字段类型不对",
  "record:summary-other-session": "摘要指向了另一个对话",
  "record:head-missing": "对话的头记录缺失",
  "record:session-unreadable": "它所属的对话无法读取",
  "record:count-invalid": "{field} 不是有效的整数",
  "record:messages-not-list": "它的消息不是列表",
  "record:newer-format":
    "由更新版本的 Parley 写入（格式 {version}；当前版本最多读取 {max}）：请更新 Parley 后再读取",
  "record:codec": "{path}：{problem}",
  "record:set-aside": "已移到一旁",
  "record:legacy": "{detail}",
  "record-kind:summary": "摘要",
  "record-kind:head": "对话头记录",
  "record-kind:chunk": "消息块",
  "record-kind:checkpoint": "未完成回答的检查点",
};

type Words = (
  key: Key | keyof typeof codecWordsEn,
  vars?: Record<string, string | number>,
) => string;

/** Why a record was set aside, in the reader's language; an older Parley's reason as it wrote it. */
export function recordText(record: Pick<DamagedRecord, "problem">, t: Words): string {
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
