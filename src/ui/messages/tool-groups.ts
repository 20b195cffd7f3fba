import type { Message, ToolCall } from "../../core/message.ts";
import type { DisplayRow } from "./display-rows.ts";

/** One call of a folded group, with the tool message that answers it once there is one. */
export interface ToolStep {
  call: ToolCall;
  result: Message | undefined;
}

/** The tool steps of one answer, shown as one line that expands to each call. */
export interface ToolGroup {
  kind: "tools";
  key: string;
  steps: ToolStep[];
}

export type LogRow = DisplayRow | ToolGroup;

/** An answer that only calls tools (no text of its own, finished), or a tool's result. */
function foldable(row: DisplayRow): boolean {
  const { message } = row;
  if (message.role === "tool") return row.call !== undefined;
  return (
    message.role === "assistant" &&
    message.content === "" &&
    (message.toolCalls?.length ?? 0) > 0 &&
    row.status === "complete"
  );
}

function groupOf(rows: readonly DisplayRow[]): ToolGroup {
  const steps: ToolStep[] = [];
  const byCall = new Map<string, ToolStep>();
  for (const row of rows) {
    if (row.message.role === "assistant") {
      for (const call of row.message.toolCalls ?? []) {
        const step = { call, result: undefined };
        steps.push(step);
        byCall.set(call.id, step);
      }
    } else if (row.call) {
      const known = byCall.get(row.call.id);
      if (known) known.result = row.message;
      else steps.push({ call: row.call, result: row.message });
    }
  }
  return { kind: "tools", key: `tools:${rows[0]?.key ?? ""}`, steps };
}

/**
 * The log's rows with each run of tool steps (answers that only call tools, and the tools'
 * results) folded into one group, so a two-step sum reads as one line before its answer.
 */
export function foldToolSteps(rows: readonly DisplayRow[]): LogRow[] {
  const out: LogRow[] = [];
  let run: DisplayRow[] = [];
  const flush = () => {
    if (run.length > 0) out.push(groupOf(run));
    run = [];
  };
  for (const row of rows) {
    if (foldable(row)) {
      run.push(row);
      continue;
    }
    flush();
    out.push(row);
  }
  flush();
  return out;
}

/** How many times each tool was called, in the order they were first called. */
export function toolCounts(group: ToolGroup): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { call } of group.steps) counts.set(call.name, (counts.get(call.name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}
