import { type ChatRequest, textOf } from "../../contract/chat-request.ts";

/**
 * How the app's title request begins (`TITLE_INSTRUCTION` in src/core/agent/title-request.ts; a
 * test holds the two together). The server imports no instruction text from the app.
 */
const TITLE_REQUEST = /^Write a title for the conversation below\b/u;
const QUESTION = /^\[user\]\r?\n/u;
/** As long as the app's title from a first line (`DERIVED_TITLE_LENGTH` in src/core/title.ts). */
const TITLE_LENGTH = 60;

/**
 * The demo's answer to a request for a title: the first line of the conversation's first message,
 * cut as the app cuts a title from it (src/core/title.ts), so a conversation keeps the title it
 * had before its first answer and the tests that find it by its first line still do. Null for
 * any other request.
 */
export function titleAnswer(request: ChatRequest): string | null {
  const [first, transcript] = request.messages;
  if (first?.role !== "system" || !TITLE_REQUEST.test(textOf(first.content))) return null;
  const text = transcript ? textOf(transcript.content) : "";
  const line =
    text
      .replace(QUESTION, "")
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .find((l) => l.length > 0) ?? "";
  const chars = Array.from(line);
  if (chars.length <= TITLE_LENGTH) return line;
  return `${chars
    .slice(0, TITLE_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}
