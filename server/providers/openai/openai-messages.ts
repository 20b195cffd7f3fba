import type { ChatMessage } from "../../contract/chat-request.ts";

/**
 * The messages as an OpenAI-compatible upstream gets them. Parts with an image go as they came;
 * parts that are all text are joined into one string, which every server reads (some local
 * servers and older APIs take only string content). `reasoning_content` goes back only when
 * `replayReasoning` (DeepSeek's thinking mode wants it on each assistant message with tool
 * calls), else it is left out: servers that do not know the field may refuse the message.
 */
export function openaiMessages(messages: ChatMessage[], replayReasoning: boolean): unknown[] {
  return messages.map((message) => {
    const out: Record<string, unknown> = { ...message };
    const content = message.content;
    if (Array.isArray(content)) {
      const texts: string[] = [];
      for (const part of content) if (part.type === "text") texts.push(part.text);
      if (texts.length === content.length) out.content = texts.join("\n\n");
    }
    if (message.role === "assistant") {
      // DeepSeek refuses a tool call's message without it, even when the reasoning was empty.
      if (replayReasoning && message.tool_calls?.length)
        out.reasoning_content = message.reasoning_content ?? "";
      else delete out.reasoning_content;
    }
    return out;
  });
}
