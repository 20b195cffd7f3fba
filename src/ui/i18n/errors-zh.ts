import type { errorsEn } from "./errors-en.ts";

export const errorsZh: Record<keyof typeof errorsEn, string> = {
  stepLimitHelp:
    "智能体用完了一条消息允许的全部模型调用，仍没有得到回答。重试可以让它继续，或者简化请求。",
  failDetail: "详情：{detail}",
  toolShowAll: "全部显示（{size} 个字符）",
  toolShowLess: "收起",
  toolShownPart: "只显示前 {shown} 个字符，共 {size} 个。",
  agentRemove: "移除",
  agentDeleted: "已移除智能体 {name}。",
  agentResetDone: "已将智能体 {name} 恢复为原始设置。",
  modelGoneOption: "{model}（已不再提供）",
};
