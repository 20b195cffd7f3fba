/** The limits an import enforces; `docs/format.md` lists the same numbers. */
export const IMPORT_LIMITS = {
  /** Larger files are refused before they are read. */
  maxFileBytes: 150 * 1024 * 1024,
  /** Objects and arrays nested deeper than this are refused. */
  maxDepth: 100,
  /** Conversations in one file. */
  maxConversations: 10_000,
  /** Messages in one conversation. */
  maxMessages: 20_000,
  /** Characters in one message's content; a longer message fails its conversation. */
  maxMessageChars: 1_000_000,
  /** Characters kept of a title; longer titles are cut. */
  maxTitleChars: 200,
  /** Characters of a kept message id; longer ids are replaced. */
  maxMessageIdChars: 100,
  /** Warnings kept per file; the rest are counted. */
  maxWarnings: 200,
} as const;

export type ImportLimits = { -readonly [K in keyof typeof IMPORT_LIMITS]: number };
