import type { WireNote } from "../../../src/core/wire.ts";
import type { ChatCall } from "../../contract/provider.ts";
import { openaiMessages } from "./openai-messages.ts";
import { fitOpenaiParams } from "./openai-params.ts";

const CLIENT_ONLY = new Set(["model", "stream", "stream_options"]);

/**
 * The body sent to an OpenAI-compatible upstream: provider defaults, then the client's allowed
 * fields, fitted to the model's family; with the notes of what was left out.
 */
export function openaiBody(call: ChatCall): { body: Record<string, unknown>; notes: WireNote[] } {
  const body: Record<string, unknown> = { ...call.provider.defaults };
  for (const [key, value] of Object.entries(call.request)) {
    if (value !== undefined && !CLIENT_ONLY.has(key)) body[key] = value;
  }
  body.messages = openaiMessages(call.request.messages, call.info.traits.replayReasoning === true);
  body.model = call.model;
  body.stream = true;
  if (call.provider.streamUsage) body.stream_options = { include_usage: true };
  const notes = fitOpenaiParams(body, call.info);
  return { body, notes };
}
