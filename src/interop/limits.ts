/**
 * The limits an import enforces on every file, whatever its format; `docs/format.md` lists the
 * same numbers. What one conversation may hold (message and title length, ids) is the codec's
 * (`src/core/codec/limits.ts`). An export never writes a file over these (`export-parts.ts`).
 */
export const IMPORT_LIMITS = {
  /** Larger files are refused before they are read. */
  maxFileBytes: 150 * 1024 * 1024,
  /** Objects and arrays nested deeper than this are refused. */
  maxDepth: 100,
  /** Conversations in one file. */
  maxConversations: 10_000,
  /** Attachment entries (their bytes) in one file. */
  maxAttachments: 10_000,
  /** Bytes of one attachment: the largest file Parley stores (an image or a PDF as picked). */
  maxAttachmentBytes: 20 * 1024 * 1024,
  /** Warnings kept per file; the rest are counted. */
  maxWarnings: 200,
} as const;

export type ImportLimits = { -readonly [K in keyof typeof IMPORT_LIMITS]: number };
