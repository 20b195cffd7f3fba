import { type ChatRequest, textOf } from "../../contract/chat-request.ts";

/**
 * How the app's summary request begins (`SUMMARY_INSTRUCTION` in src/core/agent/summary-request.ts;
 * a test holds the two together). The server imports no instruction text from the app.
 */
const SUMMARY_REQUEST = /^Write a summary of the conversation transcript below\b/u;
const ENTRY = /^\[(user|assistant|tool result)\]$/gmu;
const EARLIER = /^\[summary of (\d+) messages\]$/gmu;

/**
 * The demo's answer to a request for a summary: how many messages the transcript stands for (an
 * earlier summary counts what it says it covers), so a test can check what was summarised.
 * Null for any other request.
 */
export function summaryAnswer(request: ChatRequest): string | null {
  const [first, transcript] = request.messages;
  if (first?.role !== "system" || !SUMMARY_REQUEST.test(textOf(first.content))) return null;
  const text = transcript ? textOf(transcript.content) : "";
  let count = text.match(ENTRY)?.length ?? 0;
  for (const match of text.matchAll(EARLIER)) count += Number(match[1]);
  return `Summary: ${count} ${count === 1 ? "message" : "messages"}`;
}
