export {
  type CountableMessage,
  IMAGE_PART_TOKENS,
  MESSAGE_FRAME_TOKENS,
  messageTokens,
  REPLY_PRIMING_TOKENS,
  ROLE_TOKENS,
  systemPromptTokens,
  TOOL_CALL_FRAME_TOKENS,
} from "./chat-format.ts";
export { type ContextLengthError, contextLengthError, type ErrorFacts } from "./context-error.ts";
export { cutPoints } from "./cut-points.ts";
export { estimatedSizes, estimateTextTokens, estimateToolsTokens } from "./estimate.ts";
export {
  FIT_MARGIN,
  type Fit,
  type FitError,
  type FitInput,
  type FitMode,
  type FitResult,
  fitRequest,
} from "./fit-request.ts";
export type { SummaryOption, SummaryReason, SummaryState } from "./summary-fit.ts";
export type { TokenCount, TokenCounter, TokenSizes, TokenSource } from "./token-count.ts";
