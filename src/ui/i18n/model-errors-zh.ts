import type { modelErrorsEn } from "./model-errors-en.ts";

export const modelErrorsZh: Record<keyof typeof modelErrorsEn, string> = {
  aborted: "回答还没完成就已停止。",
  unreachable: "无法连接模型代理。请确认 Parley 的服务器正在运行、网络连接正常，然后重试。",
  connection_lost:
    "与模型代理的连接失败或提前中断；已收到的内容会保留。请重试；如果一直失败，请确认服务器正在运行。",
  http_auth: "模型代理拒绝了请求（{status}）。请在设置中填写访问令牌。",
  http_route: "模型代理不认识这个地址（{status}）。请检查代理地址。",
  http_too_large: "对话太长，模型无法处理（{status}）。请新建对话。",
  http_rate_limit: "请求太多（{status}）。请稍等片刻再重试。",
  http_server: "模型代理或其服务商出错（{status}）。请稍后重试；如果一直失败，请查看服务器日志。",
  http_status: "模型代理返回了状态 {status}。请重试。",
  stream_error: "模型服务商在回答途中报告了错误。请重试。",
  bad_response: "无法读取模型的回答。请重试；如果一直失败，请检查代理地址。",
  nothing_to_answer: "还没有可回答的内容：请先写一条消息。",
  no_cut_answer: "没有被截断的回答可以继续。",
  step_limit:
    "{agent} 用完了一条消息允许的全部 {maxSteps} 次模型调用，仍没有得到回答。重试可以让它继续，或者简化请求。",
  context_window_too_small:
    "模型的上下文窗口太小，放不下这个智能体的指令和工具。请选择窗口更大的模型，或缩短指令。",
  context_message_too_large:
    "即使省略所有更早的消息，最新的这条消息对模型来说仍然太长。请缩短它，或用「分叉」从较早的消息开始新对话。",
  context_provider_refused:
    "模型表示，即使省略较早的消息，对话对它的上下文来说仍然太长。请缩短你的消息，或用「分叉」从较早的消息开始新对话。",
  unstorable_tool_call:
    "模型请求的工具调用（{tools}）Parley 无法保存，所以没有执行任何工具。请重试，或换一个模型。",
  length_in_tool_call:
    "回答在写对 {tools} 的调用时达到了模型的长度上限，所以该调用没有执行。请重试，或要求更短的回答。",
  tool_while_continuing:
    "模型在继续回答时请求了工具（{tools}），所以没有执行任何工具。请重试，让它使用该工具。",
  answer_too_long: "回答超过了 {limit} 个字符，所以在那里被截断了。",
  answering_elsewhere: "这个对话正在另一个标签页中回答。请等它完成，或在那里停止。",
  no_agent: "还没有配置智能体。请在“智能体”中选择或新建一个，然后再发送。",
  unknown: "回答失败了。请重试；如果一直失败，请查看服务器日志。",
};
