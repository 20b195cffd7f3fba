import type { WireChunk, WireFinishReason, WireUsage } from "../../../src/core/wire.ts";
import type { StreamEvent } from "../../contract/provider.ts";
import { type ProxyError, proxyError } from "../../errors.ts";
import { contextLengthError, isContextLength } from "../../upstream/context-length.ts";
import { arr, type Json, num, obj, str } from "../../upstream/json-shape.ts";
import { malformedData, type NormalizeOptions, type Normalizer } from "../../upstream/normalize.ts";
import { readErrorBody } from "../../upstream/upstream-error.ts";
import { contentLiteralOf } from "./content-chunk.ts";
import { newToolCallTracker, type ToolCallTracker, toolCallDeltas } from "./tool-call-deltas.ts";

type Delta = WireChunk["choices"][number]["delta"];
type OutChoice = WireChunk["choices"][number];
type ChunkEvent = Extract<StreamEvent, { type: "chunk" }>;

interface ChoiceState {
  calls: ToolCallTracker;
  roleSent: boolean;
  finished: boolean;
}

/** Reads usage wherever a server puts it, keeping only the three standard counts. */
export function usageOf(value: unknown): WireUsage | null {
  const u = obj(value);
  if (!u) return null;
  const prompt = num(u.prompt_tokens);
  const completion = num(u.completion_tokens);
  if (prompt === undefined && completion === undefined) return null;
  const p = prompt ?? 0;
  const c = completion ?? 0;
  return { prompt_tokens: p, completion_tokens: c, total_tokens: num(u.total_tokens) ?? p + c };
}

function finishOf(raw: unknown, hasTools: boolean): WireFinishReason | null {
  if (typeof raw !== "string" || raw === "") return null;
  switch (raw) {
    case "tool_calls":
    case "function_call":
    case "tool_use":
      return "tool_calls";
    case "length":
    case "max_tokens":
      return "length";
    case "content_filter":
      return "content_filter";
    default:
      return hasTools ? "tool_calls" : "stop";
  }
}

function inStreamError(options: NormalizeOptions, data: unknown, fallback: string): ProxyError {
  const { provider } = options;
  const body = readErrorBody(
    typeof data === "string" ? data : JSON.stringify(data),
    options.redact,
  );
  const message = body.message || fallback;
  if (isContextLength(400, body)) return contextLengthError(400, message, provider);
  return proxyError(
    "upstream_stream_error",
    502,
    `The upstream "${provider}" reported an error in the middle of the answer (${message.replace(/[.\s]+$/u, "")}). The part that arrived is kept; try again.`,
    { provider, code: body.code ?? body.type ?? null },
  );
}

/**
 * Turns what OpenAI-compatible servers really send into standard chunks: comment lines, missing
 * `[DONE]`, tool-call indexes from 1, whole tool calls in one delta, `name: ""` in continuations,
 * usage on any chunk or under `x_groq`, `reasoning`/`reasoning_content`, refusals, and errors in a
 * 200 stream. A stream that ends with `[DONE]` finishes its open choices (`stop`, or `tool_calls`
 * after a tool call) with a note; one that ends with neither `[DONE]` nor a finish reason is
 * reported, not passed as complete.
 */
export function openaiNormalizer(options: NormalizeOptions): Normalizer {
  let id = "";
  let created = 0;
  let usage: WireUsage | null = null;
  let over = false;
  let done = false;
  const choices = new Map<number, ChoiceState>();
  const stop = (out: StreamEvent[], error: ProxyError): false => {
    out.push({ type: "error", error });
    over = true;
    return false;
  };
  const chunk = (choicesOut: OutChoice[], extra: Partial<WireChunk> = {}): ChunkEvent => {
    id ||= options.newId("chatcmpl-");
    created ||= Math.floor(options.now() / 1000);
    return {
      type: "chunk",
      chunk: {
        id,
        object: "chat.completion.chunk",
        created,
        model: options.publicModel,
        choices: choicesOut,
        ...extra,
      },
    };
  };

  // Many OpenAI-compatible servers end with [DONE] and never name a finish reason: [DONE] is
  // their word that the answer is over, so each open choice is finished here, with a note.
  const finishUnfinished = (out: StreamEvent[]) => {
    if (choices.size === 0)
      choices.set(0, { calls: newToolCallTracker(), roleSent: false, finished: false });
    const list: OutChoice[] = [];
    for (const [index, state] of choices) {
      if (state.finished) continue;
      state.finished = true;
      const delta: Delta = state.roleSent ? {} : { role: "assistant", content: "" };
      state.roleSent = true;
      list.push({
        index,
        delta,
        finish_reason: state.calls.tools.size > 0 ? "tool_calls" : "stop",
        x_parley_note: "no_finish_reason",
      });
    }
    if (list.length) out.push(chunk(list));
  };

  return {
    push(event, out) {
      if (event.event === "error")
        return stop(out, inStreamError(options, event.data, "error event"));
      const data = event.data.trim();
      if (data === "[DONE]") {
        done = true;
        return false;
      }
      if (data === "") return true;
      const literal = id && created && choices.get(0)?.roleSent ? contentLiteralOf(data) : null;
      if (literal !== null) {
        const content = JSON.parse(literal) as string;
        if (content === "") return true;
        const piece = chunk([{ index: 0, delta: { content }, finish_reason: null }]);
        piece.choicesJson = `[{"index":0,"delta":{"content":${literal}},"finish_reason":null}]`;
        out.push(piece);
        return true;
      }
      let json: Json | null;
      try {
        json = obj(JSON.parse(data));
      } catch {
        return stop(out, malformedData(options.provider));
      }
      if (!json) return true;
      if (json.error) return stop(out, inStreamError(options, json, "error"));
      if (!id && str(json.id)) id = options.redact(str(json.id) ?? "");
      created ||= num(json.created) ?? 0;
      usage = usageOf(json.usage) ?? usageOf(obj(json.x_groq)?.usage) ?? usage;

      const list: OutChoice[] = [];
      for (const rawChoice of arr(json.choices)) {
        const c = obj(rawChoice);
        if (!c) continue;
        const index = num(c.index) ?? 0;
        let state = choices.get(index);
        if (!state) {
          state = { calls: newToolCallTracker(), roleSent: false, finished: false };
          choices.set(index, state);
        }
        const d = obj(c.delta) ?? obj(c.message) ?? {};
        const delta: Delta = {};
        if (!state.roleSent) {
          delta.role = "assistant";
          state.roleSent = true;
        }
        const text = (str(d.content) ?? "") + (str(d.refusal) ?? "");
        if (text !== "") delta.content = text;
        // DeepSeek, vLLM before 0.10, xAI: reasoning_content; Groq, OpenRouter, Ollama, newer
        // vLLM: reasoning; some servers: thinking. Signed or encrypted details never pass.
        const reasoning = str(d.reasoning_content) ?? str(d.reasoning) ?? str(d.thinking);
        if (reasoning) delta.reasoning_content = reasoning;
        const calls = toolCallDeltas(arr(d.tool_calls), state.calls, options);
        if (calls.length) delta.tool_calls = calls;
        if (c.finish_reason === "error") {
          if (list.length) out.push(chunk(list));
          return stop(out, inStreamError(options, c.error ?? json, "finish_reason error"));
        }
        const finish = finishOf(c.finish_reason, state.calls.tools.size > 0);
        if (finish === "length" && state.calls.tools.size > 0) {
          if (list.length) out.push(chunk(list));
          return stop(
            out,
            proxyError(
              "tool_call_truncated",
              502,
              "The model ran out of tokens while writing a tool call, so the call was not run. Raise max_tokens or ask for something shorter.",
              { provider: options.provider },
            ),
          );
        }
        if (finish) state.finished = true;
        const empty = delta.content === undefined && !delta.reasoning_content && !delta.tool_calls;
        if (!empty || finish || delta.role) list.push({ index, delta, finish_reason: finish });
      }
      if (list.length) out.push(chunk(list));
      return true;
    },

    finish(out) {
      if (over) return;
      if (done) finishUnfinished(out);
      const unfinished = choices.size === 0 || [...choices.values()].some((s) => !s.finished);
      if (unfinished) {
        stop(
          out,
          proxyError(
            "incomplete_response",
            502,
            `The upstream "${options.provider}" stopped before the answer finished (no finish reason). The part that arrived is kept; try again.`,
            { provider: options.provider },
          ),
        );
        return;
      }
      if (usage) out.push(chunk([], { usage }));
    },
  };
}
