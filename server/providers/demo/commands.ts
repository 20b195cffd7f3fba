import { type ChatRequest, textOf } from "../../contract/chat-request.ts";
import { promptText } from "./attachments.ts";
import type { History } from "./history.ts";
import type { phrases } from "./phrases.ts";

/** The demo's next move, decided from the request alone. */
export type DemoStep =
  | { kind: "text"; text: string; reasoning?: string }
  | { kind: "tool"; name: string; arguments: Record<string, unknown> }
  | { kind: "fail"; status: number; message: string }
  | { kind: "cut"; text: string };

/** What `/system` reads of the instructions, at most: the demo's work per request is bounded. */
const SYSTEM_CHARS = 4000;
/** `/context` counts a token for every 4 characters of text, and this many for an image. */
const CHARS_PER_TOKEN = 4;
const IMAGE_TOKENS = 85;

const shown = (value: number | string | undefined) =>
  value === undefined ? "unset" : String(value);

/** The sampling settings the request carries, as `/params` states them. */
function params(request: ChatRequest): string {
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  return [
    `temperature=${shown(request.temperature)}`,
    `top_p=${shown(request.top_p)}`,
    `max_tokens=${shown(maxTokens)}`,
    `reasoning_effort=${shown(request.reasoning_effort)}`,
  ].join(" ");
}

/** Every system (or developer) message the request carries, as the model would read them. */
function systemPrompt(request: ChatRequest): string {
  return request.messages
    .filter((m) => m.role === "system" || m.role === "developer")
    .map((m) => textOf(m.content))
    .join("\n\n");
}

/** About how many tokens the request carries: its text's characters ÷ 4, and 85 an image. */
function contextSize(request: ChatRequest): string {
  let chars = 0;
  let images = 0;
  for (const m of request.messages) {
    if (Array.isArray(m.content))
      for (const part of m.content) {
        if (part.type === "text") chars += part.text.length;
        else images += 1;
      }
    else chars += (m.content ?? "").length;
    if (m.role === "assistant")
      for (const call of m.tool_calls ?? [])
        chars += call.function.name.length + call.function.arguments.length;
  }
  const tokens = Math.ceil(chars / CHARS_PER_TOKEN) + images * IMAGE_TOKENS;
  return `messages=${request.messages.length} tokens=${tokens}`;
}

/**
 * `/cut`: the answer stops mid-sentence; a request that ends with the start of it (the browser's
 * Continue) gets the rest, which finishes normally.
 */
function cutStep(request: ChatRequest, say: ReturnType<typeof phrases>): DemoStep {
  const last = request.messages.at(-1);
  const partial = last?.role === "assistant" ? textOf(last.content ?? null) : "";
  const whole = `${say.cut}${say.cutRest}`;
  return partial !== "" && whole.startsWith(partial)
    ? { kind: "text", text: whole }
    : { kind: "cut", text: say.cut };
}

/**
 * The demo's slash commands (`/fail N`, `/cut`, `/echo`, `/params`, `/system`, `/context`,
 * `/think`), which come before every other rule; null when the message is none of them.
 */
export function commandStep(
  request: ChatRequest,
  history: History,
  say: ReturnType<typeof phrases>,
): DemoStep | null {
  const text = history.userText;
  const fail = /^\/fail(?:\s+(\S+))?/u.exec(text);
  if (fail) {
    const status = Number(fail[1]);
    if (Number.isInteger(status) && status >= 400 && status <= 599)
      return { kind: "fail", status, message: say.failed(status) };
    return { kind: "fail", status: 400, message: say.badFail(fail[1] ?? "") };
  }
  if (/^\/cut\b/u.test(text)) return cutStep(request, say);
  const raw = promptText(request.messages[history.userIndex]?.content ?? "");
  if (/^\/echo(?:\s|$)/u.test(text))
    return { kind: "text", text: raw.replace(/^\s*\/echo\s?/u, "") };
  if (/^\/params\b/u.test(text)) return { kind: "text", text: params(request) };
  if (/^\/system\b/u.test(text)) {
    const prompt = systemPrompt(request);
    const cut = prompt.length > SYSTEM_CHARS ? `${prompt.slice(0, SYSTEM_CHARS)}…` : prompt;
    return { kind: "text", text: say.systemPrompt(cut) };
  }
  if (/^\/context\b/u.test(text)) return { kind: "text", text: say.context(contextSize(request)) };
  const think = /^\/think(?:\s+([\s\S]*))?$/u.exec(text);
  if (think) {
    const thought = think[1]?.trim() || say.defaultThought;
    return { kind: "text", reasoning: thought, text: say.thought(thought) };
  }
  return null;
}
