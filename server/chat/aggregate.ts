import type { WireCompletion, WireNote, WireToolCall, WireUsage } from "../../src/core/wire.ts";
import type { StreamEvent } from "../contract/provider.ts";
import { type ProxyError, proxyError } from "../errors.ts";

type Choice = WireCompletion["choices"][number];

/** Collects a normalised stream into one `chat.completion`, for clients that did not ask to stream. */
export async function aggregate(
  events: AsyncIterable<StreamEvent[]>,
  provider: string,
): Promise<{ ok: true; completion: WireCompletion } | { ok: false; error: ProxyError }> {
  let id = "";
  let created = 0;
  let model = "";
  let usage: WireUsage | undefined;
  const choices = new Map<
    number,
    {
      content: string;
      reasoning: string;
      calls: WireToolCall[];
      finish: Choice["finish_reason"];
      notes?: WireNote[];
    }
  >();
  for await (const batch of events)
    for (const event of batch) {
      if (event.type === "error") return { ok: false, error: event.error };
      const chunk = event.chunk;
      id ||= chunk.id;
      created ||= chunk.created;
      model ||= chunk.model;
      if (chunk.usage) usage = chunk.usage;
      for (const c of chunk.choices) {
        let choice = choices.get(c.index);
        if (!choice) {
          choice = { content: "", reasoning: "", calls: [], finish: null };
          choices.set(c.index, choice);
        }
        if (c.x_parley_notes) choice.notes = c.x_parley_notes;
        if (c.delta.content) choice.content += c.delta.content;
        if (c.delta.reasoning_content) choice.reasoning += c.delta.reasoning_content;
        for (const d of c.delta.tool_calls ?? []) {
          let call = choice.calls[d.index];
          if (!call) {
            call = { id: d.id ?? "", type: "function", function: { name: "", arguments: "" } };
            choice.calls[d.index] = call;
          }
          if (d.id) call.id = d.id;
          if (d.function?.name) call.function.name = d.function.name;
          if (d.function?.arguments) call.function.arguments += d.function.arguments;
        }
        if (c.finish_reason) choice.finish = c.finish_reason;
      }
    }
  const list = [...choices.entries()].sort(([a], [b]) => a - b);
  if (list.length === 0 || list.some(([, c]) => c.finish === null)) {
    return {
      ok: false,
      error: proxyError(
        "incomplete_response",
        502,
        "The model's answer stopped before it finished. Try again; if it keeps happening, check the upstream server.",
        { provider },
      ),
    };
  }
  const completion: WireCompletion = {
    id,
    object: "chat.completion",
    created,
    model,
    choices: list.map(([index, c]) => {
      const calls = c.calls.filter((call) => call !== undefined);
      const message: Choice["message"] = {
        role: "assistant",
        content: c.content === "" && calls.length ? null : c.content,
      };
      if (calls.length) message.tool_calls = calls;
      if (c.reasoning) message.reasoning_content = c.reasoning;
      const choice: Choice = { index, message, finish_reason: c.finish };
      if (c.notes) choice.x_parley_notes = c.notes;
      return choice;
    }),
  };
  if (usage) completion.usage = usage;
  return { ok: true, completion };
}
