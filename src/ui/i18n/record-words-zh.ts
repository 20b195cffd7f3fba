import type { recordWordsEn } from "./record-words-en.ts";

export const recordWordsZh: Record<keyof typeof recordWordsEn, string> = {
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
