import type { AgentConfig } from "../agent-types.ts";
import { type ImageUrls, userContentParts } from "../attachments/attachment.ts";
import { samplingOf } from "../conversation-settings.ts";
import type { Message } from "../message.ts";
import type { ModelRequest } from "../model.ts";
import type { ToolRegistry } from "../tool-registry.ts";
import type { WireMessage, WireTool } from "../wire.ts";

/**
 * The request an agent sends for the history so far. The agent's own instructions come first;
 * stored system messages are left out (this agent's would repeat them, other agents' do not
 * apply). Answers that ended empty (errors, interruptions) are left out, as are tool calls
 * without a result and results without a call, so the request is always well formed. When the
 * history ends with an answer (a pipeline stage continuing after another agent), that answer
 * is handed over as a `user` message, in the request only. A user message's attachments go as
 * content parts, its images as the `data:` URLs in `images` (read beforehand by hash). The
 * agent's parameters go with it. An answer's reasoning goes back only on an answer with tool
 * calls, for the proxy to pass on where the provider requires it; never on a plain answer.
 * `tools` are the agent's tools as `registry` declares them, when the caller declared them already.
 */
export function buildModelRequest(
  agent: AgentConfig,
  history: readonly Message[],
  registry: ToolRegistry,
  images: ImageUrls = new Map(),
  tools: readonly WireTool[] = registry.declare(agent.tools),
): ModelRequest {
  const messages: WireMessage[] = [];
  if (agent.instructions.trim() !== "")
    messages.push({ role: "system", content: agent.instructions });
  messages.push(...conversation(history, images));
  const last = messages.at(-1);
  if (last?.role === "assistant" && !last.tool_calls)
    messages[messages.length - 1] = { role: "user", content: last.content ?? "" };
  const params = samplingOf(agent);
  return {
    model: agent.model,
    messages,
    ...(tools.length > 0 ? { tools: [...tools] } : {}),
    ...(params ? { params } : {}),
  };
}

/**
 * True when the request for `history` would carry something for the model to answer besides the
 * system prompt: a user message, an answer with text, or one with a call that has its result.
 * Read from the newest message back, so a send does not build the whole request to learn it.
 */
export function hasSomethingToAnswer(history: readonly Message[]): boolean {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i] as Message;
    if (m.role === "user") return true;
    if (m.role !== "assistant") continue;
    if (m.content !== "") return true;
    const answered = answeredAfter(history, i);
    if (m.toolCalls?.some((c) => answered.has(c.id))) return true;
  }
  return false;
}

/** The ids answered by the run of tool messages right after `index` (a call is answered there or not at all). */
function answeredAfter(history: readonly Message[], index: number): Set<string> {
  const ids = new Set<string>();
  for (let i = index + 1; i < history.length; i++) {
    const m = history[i];
    if (m?.role !== "tool") break;
    if (m.toolCallId !== undefined) ids.add(m.toolCallId);
  }
  return ids;
}

function conversation(history: readonly Message[], images: ImageUrls): WireMessage[] {
  // Results answer only the answer right before their run of tool messages: a result after the
  // next user message would put a tool message after a user one, which providers refuse.
  let offered = new Set<string>();
  const out: WireMessage[] = [];
  for (const [index, m] of history.entries()) {
    if (m.role !== "tool") offered = new Set();
    if (m.role === "user")
      out.push({
        role: "user",
        content: m.attachments?.length
          ? userContentParts(m.content, m.attachments, images)
          : m.content,
      });
    if (m.role === "assistant") {
      const answered = answeredAfter(history, index);
      const calls = (m.toolCalls ?? []).filter((c) => answered.has(c.id));
      if (m.content === "" && calls.length === 0) continue;
      for (const c of calls) offered.add(c.id);
      out.push(
        calls.length === 0
          ? { role: "assistant", content: m.content }
          : {
              role: "assistant",
              content: m.content === "" ? null : m.content,
              tool_calls: calls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: c.arguments },
              })),
              // The proxy passes it on only to a provider that wants it back (DeepSeek's
              // thinking mode) and leaves it out for every other one (docs/proxy.md).
              ...(m.reasoning ? { reasoning_content: m.reasoning.text } : {}),
            },
      );
    }
    if (m.role === "tool" && m.toolCallId !== undefined && offered.has(m.toolCallId)) {
      offered.delete(m.toolCallId);
      out.push({ role: "tool", content: m.content, tool_call_id: m.toolCallId });
    }
  }
  return out;
}
