import type { AnswerNote, ToolCall, Usage } from "../core/message.ts";
import type { FinishReason, ModelError, ModelEvent } from "../core/model.ts";
import type { WireNote } from "../core/wire.ts";
import { isRecord } from "./is-record.ts";

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
  order: number;
}

/**
 * Turns OpenAI-style `chat.completion.chunk` payloads into model events. Text and reasoning go
 * out at once; tool-call pieces are joined by index and each call goes out whole when the
 * choice finishes (or the stream ends). Usage and the finish reason go out last, from `end()`,
 * because providers send usage after the finish chunk. Only choice 0 is read.
 *
 * Tolerates what compatible servers do: indexes that start at 1 or are reused for a new call
 * id, a whole call in one delta, empty or repeated names in continuation deltas, usage on its
 * own chunk or on the finish chunk, chunks with no choices, `reasoning_content`/`reasoning`,
 * and `refusal` text (shown as text).
 */
export class ChunkAssembler {
  private readonly calls = new Map<number, PendingCall>();
  private readonly slotOfIndex = new Map<number, number>();
  private nextOrder = 0;
  private nextSlot = 1_000_000;
  private usage: Usage | undefined;
  private finish: FinishReason | undefined;
  private note: AnswerNote | undefined;
  private flushed = false;

  /** The events this payload produces now. An `error` event means the stream is over. */
  push(payload: unknown): ModelEvent[] {
    if (!isRecord(payload)) return [badChunk()];
    if (payload.error !== undefined && payload.error !== null)
      return [{ type: "error", error: streamError(payload.error) }];
    const usage = readUsage(payload.usage);
    if (usage) this.usage = usage;
    const choices = Array.isArray(payload.choices) ? payload.choices : [];
    const choice = choices.find((c) => isRecord(c) && (c.index ?? 0) === 0);
    if (!isRecord(choice)) return [];
    const out: ModelEvent[] = [];
    const notes = readNotes(choice.x_parley_notes);
    if (notes.length > 0) out.push({ type: "param_notes", notes });
    const delta = isRecord(choice.delta)
      ? choice.delta
      : isRecord(choice.message)
        ? choice.message
        : {};
    for (const key of ["content", "refusal"] as const) {
      const text = delta[key];
      if (typeof text === "string" && text !== "") out.push({ type: "text", delta: text });
    }
    for (const key of ["reasoning_content", "reasoning"] as const) {
      const text = delta[key];
      if (typeof text === "string" && text !== "") out.push({ type: "reasoning", delta: text });
    }
    if (Array.isArray(delta.tool_calls) && !this.flushed)
      delta.tool_calls.forEach((piece, position) => {
        if (isRecord(piece)) this.addPiece(piece, position);
      });
    if (typeof choice.finish_reason === "string" && choice.finish_reason !== "") {
      this.finish = mapFinish(choice.finish_reason);
      if (choice.x_parley_note === "no_finish_reason") this.note = "no_finish_reason";
      out.push(...this.flushCalls());
    }
    return out;
  }

  /**
   * The stream is over: calls not yet sent, then usage, then the finish. With no finish reason,
   * a stream that ended with `[DONE]` (`done`) finished all the same, as `stop` with a note (or
   * `tool_calls` after calls); one that just stopped is `incomplete`.
   */
  end(done = false): ModelEvent[] {
    const calls = this.flushCalls();
    const out = [...calls];
    if (this.usage) out.push({ type: "usage", usage: this.usage });
    if (this.finish === undefined && done) {
      this.finish = calls.length > 0 ? "tool_calls" : "stop";
      this.note = "no_finish_reason";
    }
    const finish: ModelEvent = { type: "finish", reason: this.finish ?? "incomplete" };
    if (this.note) finish.note = this.note;
    out.push(finish);
    return out;
  }

  private addPiece(piece: Record<string, unknown>, position: number) {
    const index = typeof piece.index === "number" ? piece.index : position;
    const fn = isRecord(piece.function) ? piece.function : {};
    const id = typeof piece.id === "string" && piece.id !== "" ? piece.id : undefined;
    let slot = this.slotOfIndex.get(index);
    let call = slot === undefined ? undefined : this.calls.get(slot);
    if (call && id && call.id && id !== call.id) call = undefined;
    if (!call) {
      slot = this.slotOfIndex.has(index) ? this.nextSlot++ : index;
      call = { id: "", name: "", arguments: "", order: this.nextOrder++ };
      this.calls.set(slot, call);
      this.slotOfIndex.set(index, slot);
    }
    if (id && !call.id) call.id = id;
    if (typeof fn.name === "string" && fn.name !== "" && !call.name) call.name = fn.name;
    if (typeof fn.arguments === "string") call.arguments += fn.arguments;
    else if (isRecord(fn.arguments)) call.arguments += JSON.stringify(fn.arguments);
  }

  private flushCalls(): ModelEvent[] {
    if (this.flushed) return [];
    this.flushed = true;
    return [...this.calls.values()]
      .sort((a, b) => a.order - b.order)
      .map((c, i): ModelEvent => {
        const call: ToolCall = {
          id: c.id || `call_${i}_${c.order}`,
          name: c.name,
          arguments: c.arguments,
        };
        return { type: "tool_call", call };
      });
  }
}

function mapFinish(reason: string): FinishReason {
  switch (reason) {
    case "length":
    case "max_tokens":
      return "length";
    case "tool_calls":
    case "function_call":
    case "tool_use":
      return "tool_calls";
    case "content_filter":
      return "content_filter";
    default:
      return "stop";
  }
}

const NOTE_CODES = new Set<unknown>(["param_dropped", "param_clamped"]);

/** The proxy's notes on the parameters, each kept when it has the shape `WireNote` says. */
function readNotes(value: unknown): WireNote[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (n): n is WireNote =>
      isRecord(n) &&
      NOTE_CODES.has(n.code) &&
      typeof n.param === "string" &&
      n.param.length <= 64 &&
      (n.reason === undefined || typeof n.reason === "string") &&
      (n.value === undefined || (typeof n.value === "number" && Number.isFinite(n.value))),
  );
}

/** A token count as a whole number of 0 or more; anything else is not a count. */
function tokens(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0
    ? Math.round(value)
    : undefined;
}

/** Usage as the codec stores it (whole, non-negative counts); a server's odd numbers are dropped. */
function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const prompt = tokens(value.prompt_tokens);
  const completion = tokens(value.completion_tokens);
  if (prompt === undefined || completion === undefined) return undefined;
  const total = tokens(value.total_tokens) ?? prompt + completion;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: total };
}

function streamError(value: unknown): ModelError {
  const error: ModelError = { code: "stream_error" };
  if (typeof value === "string" && value !== "") error.detail = value;
  if (!isRecord(value)) return error;
  if (typeof value.message === "string" && value.message !== "") error.detail = value.message;
  if (typeof value.type === "string") error.type = value.type;
  if (typeof value.provider === "string") error.provider = value.provider;
  if (typeof value.status === "number") error.status = value.status;
  else if (typeof value.code === "number") error.status = value.code;
  return error;
}

function badChunk(): ModelEvent {
  return { type: "error", error: { code: "bad_response" } };
}
