import type { errorsEn } from "./errors-en.ts";

export const errorsZh: Record<keyof typeof errorsEn, string> = {
  failAuth: "模型代理拒绝了请求（{status}）。请在设置中填写访问令牌。",
  failRoute: "模型代理不认识这个地址（{status}）。请检查代理地址。",
  failTooLarge: "对话太长，模型无法处理（{status}）。请新建对话。",
  failRateLimit: "请求太多（{status}）。请稍等片刻再重试。",
  failServer: "模型代理或其服务商出错（{status}）。请稍后重试；如果一直失败，请查看服务器日志。",
  failStatus: "模型代理返回了状态 {status}。请重试。",
  failNetwork:
    "与模型代理的连接失败或提前中断；已收到的内容会保留。请重试；如果一直失败，请确认服务器正在运行。",
  failProtocol: "无法读取模型的回答。请重试；如果一直失败，请检查代理。",
  failToolCut:
    "回答在写工具调用时达到了模型的长度上限，所以该调用没有执行。请重试，或要求更短的回答。",
  failNoInput: "还没有可回答的内容：请先写一条消息。",
  failElsewhere: "这个对话正在另一个标签页中回答。请等它完成，或在那里停止。",
  failNoAgent: "还没有配置智能体。请在“智能体”中选择或新建一个，然后再发送。",
  failUnknown: "回答失败了。请重试；如果一直失败，请查看服务器日志。",
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
