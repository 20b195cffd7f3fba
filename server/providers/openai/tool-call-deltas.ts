import type { WireToolCallDelta } from "../../../src/core/wire.ts";
import { num, obj, str } from "../../upstream/json-shape.ts";
import type { NormalizeOptions } from "../../upstream/normalize.ts";

interface ToolState {
  dense: number;
  named: boolean;
}

/** The tool calls one choice has started, keyed by the upstream's index (or id). */
export interface ToolCallTracker {
  tools: Map<number | string, ToolState>;
  lastKey: number | string | null;
}

export function newToolCallTracker(): ToolCallTracker {
  return { tools: new Map(), lastKey: null };
}

/**
 * Rewrites an upstream's tool-call deltas into standard ones: dense indexes from 0 (whatever the
 * upstream's start), the id, type and name on the first delta only (an id is made up when
 * missing), arguments as strings, and nothing for empty continuations. Ids and names are
 * scrubbed of secrets; arguments are the model's own text and pass as they are.
 */
export function toolCallDeltas(
  raw: unknown[],
  tracker: ToolCallTracker,
  options: Pick<NormalizeOptions, "newId" | "redact">,
): WireToolCallDelta[] {
  const { newId, redact } = options;
  const out: WireToolCallDelta[] = [];
  for (const item of raw) {
    const t = obj(item);
    if (!t) continue;
    const fn = obj(t.function) ?? {};
    const key = num(t.index) ?? (str(t.id) ? `id:${t.id}` : (tracker.lastKey ?? 0));
    const args =
      typeof fn.arguments === "string"
        ? fn.arguments
        : fn.arguments == null
          ? ""
          : JSON.stringify(fn.arguments);
    const rawName = str(fn.name);
    const name = rawName === undefined ? undefined : redact(rawName);
    let tool = tracker.tools.get(key);
    tracker.lastKey = key;
    if (!tool) {
      tool = { dense: tracker.tools.size, named: name !== undefined };
      tracker.tools.set(key, tool);
      out.push({
        index: tool.dense,
        id: redact(str(t.id) ?? newId("call_")),
        type: "function",
        function: { name: name ?? "", arguments: args },
      });
      continue;
    }
    const next: WireToolCallDelta = { index: tool.dense };
    if (!tool.named && name) {
      next.function = { name };
      tool.named = true;
    }
    if (args !== "") next.function = { ...next.function, arguments: args };
    if (next.function) out.push(next);
  }
  return out;
}
