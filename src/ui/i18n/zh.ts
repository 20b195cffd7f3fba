import { attachZh } from "./attach-zh.ts";
import { contextZh } from "./context-zh.ts";
import type { StartDictionary } from "./en.ts";
import { errorsZh } from "./errors-zh.ts";
import { featuresZh } from "./features-zh.ts";
import { interopZh } from "./interop-zh.ts";
import { paramsZh } from "./params-zh.ts";
import { prefixed } from "./prefixed.ts";
import { storageZh } from "./storage-zh.ts";

const base = {
  appName: "Parley",
  newChat: "新对话",
  conversations: "对话列表",
  searchConversations: "搜索对话",
  untitled: "新对话",
  message: "消息",
  messagePlaceholder: "输入消息…",
  send: "发送",
  stop: "停止",
  messages: "消息记录",
  model: "模型",
  rename: "重命名",
  delete: "删除",
  undo: "撤销",
  retry: "重试",
  settings: "设置",
  sessionDetails: "对话详情",
  generating: "生成中",
  emptyChat: "随便问。演示模型会用计算器工具做算术，也能记住你的名字。",
  noConversations: "还没有对话。",
  interrupted: "已中断：这条回答没有完成。",
  errorAnswer: "这条回答失败了。",
  loading: "加载中…",
  deleted: "对话已删除。",
  renamePrompt: "新标题",
  save: "保存",
  cancel: "取消",
  close: "关闭",
  toolCall: "工具调用",
  toolResult: "结果",
  modelsUnavailable: "无法从代理加载模型列表。",
  you: "你",
  assistant: "助手",
  tool: "工具",
  system: "系统",
};

export const zh: StartDictionary = {
  ...base,
  ...featuresZh,
  ...errorsZh,
  ...prefixed("storage", storageZh),
  ...prefixed("interop", interopZh),
  ...prefixed("attach", attachZh),
  ...prefixed("params", paramsZh),
  ...prefixed("context", contextZh),
};
