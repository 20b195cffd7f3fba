import { type ChatRequest, textOf } from "../../contract/chat-request.ts";
import { demoSummary, demoTranslation, roleOf } from "./agent-answers.ts";
import { evaluate } from "./arithmetic.ts";
import { attachmentLines } from "./attachments.ts";
import { applyFollowUp, findCalculation } from "./calculation.ts";
import { commandStep, type DemoStep } from "./commands.ts";
import { type History, lastResult, readHistory } from "./history.ts";
import { LONG_ANSWER_EN, LONG_ANSWER_ZH } from "./long-answer.ts";
import { phrases } from "./phrases.ts";
import { isChinese } from "./pieces.ts";
import { summaryAnswer } from "./summary-answer.ts";
import { titleAnswer } from "./title-answer.ts";

export type { DemoStep };

const NAME_QUESTION = /what(?:'s| is) my name|我叫什么|我的名字是什么/iu;
// A name starts with a letter, so the demo's own hint (`My name is …`) is not one.
const NAME_STATEMENT =
  /my name is\s+(\p{L}[^.!?,;\n]*)|我叫(\p{L}[^，。！？,.!?\s]*)|我的名字是(\p{L}[^，。！？,.!?\s]*)/iu;

function nameIn(text: string): string | null {
  if (NAME_QUESTION.test(text)) return null;
  const m = NAME_STATEMENT.exec(text);
  const name = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  return name ? name : null;
}

function systemPrompt(request: ChatRequest): string {
  const first = request.messages[0];
  return first?.role === "system" ? textOf(first.content) : "";
}

/** Decides what the demo does next: it reads the whole history and keeps no state of its own. */
export function planStep(request: ChatRequest): DemoStep {
  const summary = summaryAnswer(request);
  if (summary !== null) return { kind: "text", text: summary };
  const title = titleAnswer(request);
  if (title !== null) return { kind: "text", text: title };
  const history = readHistory(request);
  const text = history.userText;
  const say = phrases(isChinese(text));

  const command = commandStep(request, history, say);
  if (command) return command;
  const attachments = attachmentLines(request.messages[history.userIndex]?.content ?? "");
  if (attachments) return { kind: "text", text: attachments.map((line) => `- ${line}`).join("\n") };
  if (text === "") return { kind: "text", text: say.empty };
  const role = roleOf(systemPrompt(request));
  if (role === "translator") return { kind: "text", text: demoTranslation(text) };
  if (role === "summarizer") return { kind: "text", text: demoSummary(text) };
  if (NAME_QUESTION.test(text)) return askName(history, say);
  const name = nameIn(text);
  if (name) return tellName(history, name, say);
  if (/long|长文/iu.test(text))
    return { kind: "text", text: say.zh ? LONG_ANSWER_ZH : LONG_ANSWER_EN };
  const calculation = calculate(history, say);
  if (calculation) return calculation;
  return { kind: "text", text: say.quote(text) };
}

type Say = ReturnType<typeof phrases>;

function tellName(history: History, name: string, say: Say): DemoStep {
  if (!history.offeredTools.has("state_set"))
    return { kind: "text", text: say.greetWithoutTool(name) };
  if (history.exchanges.some((e) => e.name === "state_set"))
    return { kind: "text", text: say.greet(name) };
  return { kind: "tool", name: "state_set", arguments: { key: "name", value: name } };
}

function askName(history: History, say: Say): DemoStep {
  if (!history.offeredTools.has("state_get")) {
    for (let i = history.before.length - 1; i >= 0; i -= 1) {
      const m = history.before[i];
      const name = m?.role === "user" ? nameIn(textOf(m.content)) : null;
      if (name) return { kind: "text", text: say.yourName(name) };
    }
    return { kind: "text", text: say.unknownName };
  }
  const exchange = history.exchanges.find((e) => e.name === "state_get");
  if (!exchange) return { kind: "tool", name: "state_get", arguments: { key: "name" } };
  const value = exchange.result;
  return {
    kind: "text",
    text: typeof value === "string" && value !== "" ? say.yourName(value) : say.unknownName,
  };
}

function calculate(history: History, say: Say): DemoStep | null {
  const calc = findCalculation(history.userText);
  if (!calc) return null;
  const previous = calc.start === null ? lastResult(history.before) : null;
  if (calc.start === null && previous === null) return { kind: "text", text: say.noEarlierResult };
  const total = (calc.start === null ? 0 : 1) + calc.followUps.length;
  const followUpAt = (step: number) => calc.followUps[calc.start === null ? step : step - 1];
  const expressionAt = (step: number, value: number): string => {
    const followUp = followUpAt(step);
    return followUp ? applyFollowUp(value, followUp) : "";
  };

  if (!history.offeredTools.has("calculator")) {
    const lines: string[] = [];
    let value = previous ?? 0;
    for (let step = 0; step < total; step += 1) {
      const expression = step === 0 && calc.start !== null ? calc.start : expressionAt(step, value);
      try {
        value = evaluate(expression);
      } catch (error) {
        return { kind: "text", text: say.calcError(expression, (error as Error).message) };
      }
      lines.push(`${expression} = ${value}`);
    }
    return { kind: "text", text: say.selfComputed(lines, value) };
  }

  const done = history.exchanges.filter((e) => e.name === "calculator");
  const lines: string[] = [];
  let value = previous ?? 0;
  for (const exchange of done) {
    const expression = String(exchange.arguments.expression ?? "");
    const result = exchange.result;
    if (exchange.failed || typeof result !== "number") {
      const reason = exchange.failed
        ? String((result as { error: unknown }).error)
        : String(result);
      return { kind: "text", text: say.calcError(expression, reason) };
    }
    lines.push(`${expression} = ${result}`);
    value = result;
  }
  if (done.length >= total) return { kind: "text", text: say.result(lines, value) };
  const step = done.length;
  const expression = step === 0 && calc.start !== null ? calc.start : expressionAt(step, value);
  return { kind: "tool", name: "calculator", arguments: { expression } };
}
