import { describe, expect, it } from "vitest";
import type { ModelEvent } from "../core/model.ts";
import { ChunkAssembler } from "./chunk-assembler.ts";

function run(payloads: unknown[]): ModelEvent[] {
  const assembler = new ChunkAssembler();
  return [...payloads.flatMap((p) => assembler.push(p)), ...assembler.end()];
}

const calls = (events: ModelEvent[]) =>
  events.flatMap((e) => (e.type === "tool_call" ? [e.call] : []));
const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});

describe("ChunkAssembler", () => {
  it("emits a call only once the choice finishes", () => {
    const assembler = new ChunkAssembler();
    expect(
      assembler.push(
        delta({ tool_calls: [{ index: 0, id: "a", function: { name: "calc", arguments: "{" } }] }),
      ),
    ).toEqual([]);
    expect(
      assembler.push(delta({ tool_calls: [{ index: 0, function: { name: "", arguments: "}" } }] })),
    ).toEqual([]);
    expect(assembler.push(delta({}, "tool_calls"))).toEqual([
      { type: "tool_call", call: { id: "a", name: "calc", arguments: "{}" } },
    ]);
  });

  it("keeps usage only as whole counts of 0 or more, as the codec stores it", () => {
    const usageOf = (usage: Record<string, unknown>) =>
      run([{ ...delta({}, "stop"), usage }]).flatMap((e) => (e.type === "usage" ? [e.usage] : []));
    expect(usageOf({ prompt_tokens: 10.6, completion_tokens: 2, total_tokens: 12.6 })).toEqual([
      { promptTokens: 11, completionTokens: 2, totalTokens: 13 },
    ]);
    expect(usageOf({ prompt_tokens: 3, completion_tokens: 4, total_tokens: -1 })).toEqual([
      { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
    ]);
    expect(usageOf({ prompt_tokens: -5, completion_tokens: 4 })).toEqual([]);
    expect(usageOf({ prompt_tokens: Number.POSITIVE_INFINITY, completion_tokens: 4 })).toEqual([]);
  });

  it("starts a new call when an index is reused with another id", () => {
    const events = run([
      delta({ tool_calls: [{ index: 0, id: "a", function: { name: "x", arguments: "{}" } }] }),
      delta({ tool_calls: [{ index: 0, id: "b", function: { name: "y", arguments: "{" } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: "}" } }] }, "tool_calls"),
    ]);
    expect(calls(events)).toEqual([
      { id: "a", name: "x", arguments: "{}" },
      { id: "b", name: "y", arguments: "{}" },
    ]);
  });

  it("keeps the first name when continuations repeat it", () => {
    const events = run([
      delta({ tool_calls: [{ index: 0, id: "a", function: { name: "calc", arguments: "{" } }] }),
      delta(
        { tool_calls: [{ index: 0, function: { name: "calc", arguments: "}" } }] },
        "tool_calls",
      ),
    ]);
    expect(calls(events)).toEqual([{ id: "a", name: "calc", arguments: "{}" }]);
  });

  it("gives calls without an id one, and reads pieces without an index by position", () => {
    const events = run([
      delta(
        {
          tool_calls: [
            { function: { name: "p", arguments: "{}" } },
            { function: { name: "q", arguments: "{}" } },
          ],
        },
        "tool_calls",
      ),
    ]);
    const [p, q] = calls(events);
    expect([p?.name, q?.name]).toEqual(["p", "q"]);
    expect(p?.id).not.toBe("");
    expect(p?.id).not.toBe(q?.id);
  });

  it("accepts arguments sent as an object", () => {
    const events = run([
      delta(
        { tool_calls: [{ index: 0, id: "a", function: { name: "x", arguments: { n: 1 } } }] },
        "tool_calls",
      ),
    ]);
    expect(calls(events)).toEqual([{ id: "a", name: "x", arguments: '{"n":1}' }]);
  });

  it("reads `reasoning` as well as `reasoning_content`", () => {
    const events = run([
      delta({ reasoning: "think" }),
      delta({ reasoning_content: "ing" }, "stop"),
    ]);
    expect(events.filter((e) => e.type === "reasoning")).toHaveLength(2);
  });

  it("only reads choice 0", () => {
    const events = run([
      {
        choices: [
          { index: 1, delta: { content: "no" } },
          { index: 0, delta: { content: "yes" } },
        ],
      },
      { choices: [{ index: 1, delta: {}, finish_reason: "length" }] },
      { choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
    ]);
    expect(events).toEqual([
      { type: "text", delta: "yes" },
      { type: "finish", reason: "stop" },
    ]);
  });

  it.each([
    ["length", "length"],
    ["max_tokens", "length"],
    ["function_call", "tool_calls"],
    ["content_filter", "content_filter"],
    ["end_turn", "stop"],
  ])("maps finish reason %s to %s", (wire, reason) => {
    expect(run([delta({}, wire)]).at(-1)).toEqual({ type: "finish", reason });
  });

  it("rejects a payload that is not an object", () => {
    expect(new ChunkAssembler().push([1])).toEqual([
      { type: "error", error: { code: "bad_response" } },
    ]);
  });
});

describe("ChunkAssembler and the proxy's parameter notes", () => {
  it("passes on the notes of the first chunk and drops malformed ones", () => {
    const note = { code: "param_dropped", param: "temperature", reason: "model_refuses" };
    const events = run([
      {
        choices: [
          {
            index: 0,
            delta: { role: "assistant" },
            finish_reason: null,
            x_parley_notes: [note, { code: "x", param: "top_p" }, { code: "param_clamped" }],
          },
        ],
      },
      delta({ content: "hi" }, "stop"),
    ]);
    expect(events[0]).toEqual({ type: "param_notes", notes: [note] });
  });
});
