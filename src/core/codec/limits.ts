import { MAX_TITLE_LENGTH } from "../title.ts";

/**
 * Size limits `restore` enforces on untrusted input, in characters (zod's string `max` counts
 * code points, as `cleanTitle` does). They are far above
 * what a conversation needs and low enough that one damaged record cannot exhaust memory.
 */
export const LIMITS = {
  /** Message ids: 1–100 characters (imported ids are kept when they fit). */
  messageId: 100,
  /** Tool call ids, as providers generate them. */
  toolCallId: 200,
  /** Tool names (OpenAI allows 64). */
  toolName: 128,
  /** Message content: 1,000,000 characters (about 1–4 MB). */
  content: 1_000_000,
  /** The JSON text of one tool call's arguments. */
  toolArguments: 1_000_000,
  /** Tool calls in one answer. */
  toolCalls: 128,
  /** Agent and model names. */
  name: 200,
  /** The error text of a failed answer. */
  error: 10_000,
  /** Notes on one answer, and the length of a note's code (a newer version may know more). */
  notes: 16,
  noteCode: 64,
  /** Attachments on one message, and an attachment's file name and MIME type. */
  attachments: 32,
  fileName: 255,
  mime: 127,
  /** Session titles. */
  title: MAX_TITLE_LENGTH,
} as const;

/** `text` cut to `max` characters, so what is stored reads back. */
export function cutTo(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
