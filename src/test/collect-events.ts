import type { ModelClient, ModelEvent, ModelRequest } from "../core/model.ts";

/** Every event of one model stream, and the parts tests look at. */
export async function collectEvents(client: ModelClient, request: ModelRequest) {
  const events: ModelEvent[] = [];
  for await (const event of client.stream(request)) events.push(event);
  return {
    events,
    text: events.flatMap((e) => (e.type === "text" ? [e.delta] : [])).join(""),
    reasoning: events.flatMap((e) => (e.type === "reasoning" ? [e.delta] : [])).join(""),
    calls: events.flatMap((e) => (e.type === "tool_call" ? [e.call] : [])),
    usage: events.flatMap((e) => (e.type === "usage" ? [e.usage] : [])),
    finish: events.flatMap((e) => (e.type === "finish" ? [e.reason] : [])),
    errors: events.flatMap((e) => (e.type === "error" ? [e.error] : [])),
  };
}
