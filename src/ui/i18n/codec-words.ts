import type { CodecProblem, CodecProblemCode } from "../../core/codec/codec-problem.ts";
import type { CodecError } from "../../core/codec/disk-types.ts";
import type { JsonProblem } from "../../core/json-value.ts";

export type CodecKey = `problem:${CodecProblemCode}`;
type Key =
  | CodecKey
  | `problem-json:${JsonProblem["code"]}`
  | "problem-form:id"
  | "problem-form:sha256"
  | "problem-form:other"
  | "problem-more";

/**
 * What is wrong with a field of stored or imported data (`core/codec/codec-problem.ts`), as a
 * phrase that the sentence around it (the import plan, a damaged record, a refused change) fills in.
 */
export const codecWordsEn: Record<Key, string> = {
  "problem:field-missing": "a value is missing here",
  "problem:field-type": "expected {expected}, found {received}",
  "problem:field-choice": "expected one of {allowed}",
  "problem:field-too-long": "longer than the {max} Parley imports",
  "problem:field-too-many": "more than the {max} items Parley reads",
  "problem:field-too-big": "more than {max}",
  "problem:field-too-small": "less than the {min} Parley needs",
  "problem:field-empty": "empty where a value is needed",
  "problem:field-time": "expected a time with a time zone, such as 2026-11-29T10:00:00.000Z",
  "problem:field-pattern": "not in the form expected: {form}",
  "problem:field-duplicate-id": "the message id “{id}” appears twice",
  "problem:field-not-json": "not plain JSON: {problem}",
  "problem:field-invalid": "the value is not valid",
  "problem:not-a-session": "not a JSON object holding a Parley conversation",
  "problem:version-invalid": "the format version is not a whole number of at least 1",
  "problem:version-newer":
    "written by a newer Parley (format {version}; this one reads up to {max}): update Parley to open it",
  "problem:version-unknown": "format {version} cannot be read by this Parley",
  "problem-json:not-finite": "a number that is not finite",
  "problem-json:not-json": "a value JSON cannot hold",
  "problem-json:too-deep": "nested more than {maxDepth} levels deep; flatten the value",
  "problem-json:not-plain": "an object that is not a plain JSON object",
  "problem-form:id": "12 lowercase hex characters",
  "problem-form:sha256": "a SHA-256 hash of 64 lowercase hex characters",
  "problem-form:other": "the pattern this field follows",
  "problem-more": "{problem} (and {count} more {count|problem|problems})",
};

export const codecWordsZh: Record<Key, string> = {
  "problem:field-missing": "这里缺少一个值",
  "problem:field-type": "需要 {expected}，却是 {received}",
  "problem:field-choice": "应为 {allowed} 之一",
  "problem:field-too-long": "超过了 Parley 可导入的 {max}",
  "problem:field-too-many": "超过了 Parley 可读取的 {max} 项",
  "problem:field-too-big": "超过了 {max}",
  "problem:field-too-small": "小于 Parley 需要的 {min}",
  "problem:field-empty": "这里需要一个值，却是空的",
  "problem:field-time": "需要带时区的时间，例如 2026-11-29T10:00:00.000Z",
  "problem:field-pattern": "格式不对，应为：{form}",
  "problem:field-duplicate-id": "消息 id “{id}” 出现了两次",
  "problem:field-not-json": "不是纯 JSON：{problem}",
  "problem:field-invalid": "这个值无效",
  "problem:not-a-session": "不是保存 Parley 对话的 JSON 对象",
  "problem:version-invalid": "格式版本不是大于等于 1 的整数",
  "problem:version-newer":
    "由更新版本的 Parley 写入（格式 {version}；当前版本最多读取 {max}）：请更新 Parley 后再打开",
  "problem:version-unknown": "当前版本的 Parley 无法读取格式 {version}",
  "problem-json:not-finite": "一个非有限的数字",
  "problem-json:not-json": "JSON 无法保存的值",
  "problem-json:too-deep": "嵌套超过 {maxDepth} 层；请把这个值拍平",
  "problem-json:not-plain": "不是普通 JSON 对象的对象",
  "problem-form:id": "12 个小写十六进制字符",
  "problem-form:sha256": "由 64 个小写十六进制字符组成的 SHA-256 哈希",
  "problem-form:other": "这个字段应遵循的格式",
  "problem-more": "{problem}（另有 {count} 个问题）",
};

type Words = (key: Key, vars?: Record<string, string | number>) => string;

/** What is wrong with a field, in the reader's language: its phrase, with its values filled in. */
export function codecText(problem: CodecProblem, t: Words): string {
  const { code, ...values } = problem as CodecProblem & Record<string, string | number>;
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    vars[name] = typeof value === "number" ? value.toLocaleString("en-US") : value;
  if (problem.code === "field-not-json")
    vars.problem = t(`problem-json:${problem.problem}`, { maxDepth: problem.maxDepth });
  if (problem.code === "field-pattern") vars.form = t(`problem-form:${problem.form}`);
  return t(`problem:${code}`, vars);
}

/** A codec error's phrase, with how many more problems it found; its path is said by the caller. */
export function codecErrorText(error: CodecError, t: Words): string {
  const { path: _path, more, ...problem } = error;
  const text = codecText(problem as CodecProblem, t);
  return more ? t("problem-more", { problem: text, count: more }) : text;
}
