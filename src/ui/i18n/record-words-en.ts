import type { RecordProblem } from "../../store/app-state.ts";

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
