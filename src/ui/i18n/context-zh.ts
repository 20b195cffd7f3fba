import type { contextEn } from "./context-en.ts";

export const contextZh: Record<keyof typeof contextEn, string> = {
  full: "即使省略较早的消息，对话对模型来说仍然太长。请缩短你的消息，或用「分叉」从较早的消息开始新对话。",
  notSent: "更早的消息不会发送",
  notSentDetail: "模型的上下文只包含这条线以下的消息；更早的 {count} 条消息仍保留在对话中。",
  summary: "较早 {count} 条消息的总结",
  summaryDetail: "由模型写成，代替它所涵盖的消息发送。",
  meter: "已用上下文",
  meterText: "{window} 个 token 中已用 {used} 个",
  meterEstimated: "{window} 个 token 中约用 {used} 个",
  meterCut: "较早的消息已省略",
  meterSummarized: "较早的消息以总结发送",
  meterTooLong: "太长，无法发送",
  summarizing: "正在总结较早的消息…",
};
