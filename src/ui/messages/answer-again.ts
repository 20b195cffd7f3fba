export interface AnswerAgainBlocks {
  /** Why Send is disabled (proxy, token, model, storage), or null: the composer's reason. */
  blockedReason: string | null;
  /** The conversation is answering in this tab. */
  runningHere: boolean;
  /** The conversation is answering in another tab. */
  runningElsewhere: boolean;
}

/**
 * Whether Regenerate and Edit and send again are offered. Never while sending is blocked or an
 * answer is running here or in another tab: both replace messages, and a run that cannot start
 * must not be tried.
 */
export function canAnswerAgain(blocks: AnswerAgainBlocks): boolean {
  return blocks.blockedReason === null && !blocks.runningHere && !blocks.runningElsewhere;
}
