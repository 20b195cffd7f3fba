import type { ToolCall, Usage } from "../core/message.ts";
import type { FinishReason, ModelClient, ModelEvent, ModelRequest } from "../core/model.ts";

/** One scripted answer: fixed events, or a function of the request (a generator may pause). */
export type ScriptedTurn =
  | readonly ModelEvent[]
  | ((request: ModelRequest) => readonly ModelEvent[] | AsyncIterable<ModelEvent>);

/**
 * A `ModelClient` that plays its turns in order, one per request, and records every request.
 * It honours the request's abort signal between events, as the HTTP client does.
 */
export class ScriptedModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  private next = 0;

  constructor(private readonly turns: readonly ScriptedTurn[]) {}

  /** Turns not played yet. */
  get remaining(): number {
    return this.turns.length - this.next;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    this.requests.push(request);
    const turn = this.turns[this.next++];
    if (turn === undefined) {
      yield {
        type: "error",
        error: { code: "bad_response", detail: "the scripted model has no turn left" },
      };
      return;
    }
    const events = typeof turn === "function" ? turn(request) : turn;
    for await (const event of events) {
      if (request.signal?.aborted) {
        yield { type: "error", error: { code: "aborted" } };
        return;
      }
      yield event;
    }
  }
}

/** A streamed text answer, word by word, then usage (when given) and the finish reason. */
export function textAnswer(
  text: string,
  options: { usage?: Usage; finish?: FinishReason } = {},
): ModelEvent[] {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [];
  return [
    ...pieces.map((delta): ModelEvent => ({ type: "text", delta })),
    ...(options.usage ? [{ type: "usage", usage: options.usage } as const] : []),
    { type: "finish", reason: options.finish ?? "stop" },
  ];
}

/** An answer that asks for these tool calls (arguments as objects or raw JSON text). */
export function toolCallAnswer(
  calls: ReadonlyArray<{ id: string; name: string; arguments: unknown }>,
  options: { text?: string; usage?: Usage; finish?: FinishReason } = {},
): ModelEvent[] {
  return [
    ...(options.text ? [{ type: "text", delta: options.text } as const] : []),
    ...calls.map(
      (call): ModelEvent => ({
        type: "tool_call",
        call: {
          id: call.id,
          name: call.name,
          arguments:
            typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
        } satisfies ToolCall,
      }),
    ),
    ...(options.usage ? [{ type: "usage", usage: options.usage } as const] : []),
    { type: "finish", reason: options.finish ?? "tool_calls" },
  ];
}

/** Usage with total = prompt + completion. */
export function usage(promptTokens: number, completionTokens: number): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
