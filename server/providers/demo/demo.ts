import type { WireChunk, WireFinishReason } from "../../../src/core/wire.ts";
import { textOf } from "../../contract/chat-request.ts";
import type { ChatCall, Provider, ProviderRuntime, StreamEvent } from "../../contract/provider.ts";
import { proxyError } from "../../errors.ts";
import { answerToStream } from "./answer-pieces.ts";
import type { DemoStep } from "./commands.ts";
import { countTokens } from "./pieces.ts";
import { planStep } from "./plan.ts";

type Delta = WireChunk["choices"][number]["delta"];

function splitArguments(json: string): string[] {
  const size = Math.max(1, Math.ceil(json.length / 3));
  const parts: string[] = [];
  for (let i = 0; i < json.length; i += size) parts.push(json.slice(i, i + size));
  return parts;
}

async function* demoStream(
  step: Exclude<DemoStep, { kind: "fail" }>,
  call: ChatCall,
  runtime: ProviderRuntime,
): AsyncGenerator<StreamEvent[]> {
  const { signal, request } = call;
  const id = `chatcmpl-demo-${request.messages.length}`;
  const created = Math.floor(runtime.now() / 1000);
  const chunk = (delta: Delta, finish: WireFinishReason | null = null): StreamEvent[] => [
    {
      type: "chunk",
      chunk: {
        id,
        object: "chat.completion.chunk",
        created,
        model: call.publicModel,
        choices: [{ index: 0, delta, finish_reason: finish }],
      },
    },
  ];
  const pause = async (): Promise<boolean> => {
    if (runtime.demoDelayMs > 0) await runtime.sleep(runtime.demoDelayMs, signal);
    return !signal.aborted;
  };

  let completionTokens = 0;
  let finish: WireFinishReason = "stop";
  if (step.kind === "tool") {
    yield chunk({ role: "assistant", content: null });
    const callId = `call_demo_${request.messages.length}`;
    if (!(await pause())) return;
    yield chunk({
      tool_calls: [
        { index: 0, id: callId, type: "function", function: { name: step.name, arguments: "" } },
      ],
    });
    for (const part of splitArguments(JSON.stringify(step.arguments))) {
      if (!(await pause())) return;
      yield chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] });
      completionTokens += 1;
    }
    finish = "tool_calls";
  } else {
    yield chunk({ role: "assistant", content: "" });
    const answer = answerToStream(step, request);
    for (const piece of answer.reasoning) {
      if (!(await pause())) return;
      yield chunk({ reasoning_content: piece });
      completionTokens += 1;
    }
    for (const piece of answer.pieces) {
      if (!(await pause())) return;
      yield chunk({ content: piece });
      completionTokens += 1;
    }
    if (step.kind === "cut") return;
    if (answer.cut) finish = "length";
  }
  const promptTokens = request.messages.reduce((n, m) => n + countTokens(textOf(m.content)), 0);
  yield [
    ...chunk({}, finish),
    {
      type: "chunk",
      chunk: {
        id,
        object: "chat.completion.chunk",
        created,
        model: call.publicModel,
        choices: [],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      },
    },
  ];
}

/**
 * The built-in demo model: deterministic, streamed piece by piece, using the browser's tools
 * through real tool calls. See docs/ui-contract.md for what it answers.
 */
export const demoProvider: Provider = {
  async chat(call, runtime) {
    const step = planStep(call.request);
    if (step.kind === "fail") {
      return {
        ok: false,
        error: proxyError("demo_failure", step.status, step.message, { provider: "demo" }),
      };
    }
    return { ok: true, events: demoStream(step, call, runtime) };
  },
  async listModels() {
    return ["demo"];
  },
};
