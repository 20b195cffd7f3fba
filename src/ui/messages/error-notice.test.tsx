import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { runTurn } from "../../core/agent/run-turn.ts";
import type { Message } from "../../core/message.ts";
import type { ModelEvent } from "../../core/model.ts";
import { StoreProvider } from "../../store/react.tsx";
import { buildAgent, buildSession, testEnv } from "../../test/builders.ts";
import { httpClientFor } from "../../test/http-client-kit.ts";
import { ScriptedModel, toolCallAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import { dictionaryOf } from "../i18n/dictionaries.ts";
import { ErrorNotice, isStepLimitAnswer } from "./error-notice.tsx";

// The words of both languages, every section loaded (src/test/setup-dictionaries.ts).
const en = dictionaryOf("en");
const zh = dictionaryOf("zh");

const call = () =>
  toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "1+1" } }]);
const failure: ModelEvent[] = [
  { type: "error", error: { code: "http_status", status: 500, detail: "Upstream failed." } },
];

const chinese = () =>
  testApp([], { settingsStorage: { read: () => ({ locale: "zh" }), write: () => {} } }).store;

function notice(message: Message, store = testApp().store): string {
  return renderToStaticMarkup(
    <StoreProvider store={store}>
      <ErrorNotice message={message} />
    </StoreProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");

describe("isStepLimitAnswer", () => {
  it("knows the answer a turn writes when it runs out of steps", async () => {
    const agent = buildAgent({ maxSteps: 1 });
    const model = new ScriptedModel([call()]);
    const result = await runTurn(agent, buildSession(), "go", { model, ...testEnv() });
    const last = result.messages.at(-1);
    expect(last?.status).toBe("error");
    expect(last && isStepLimitAnswer(last)).toBe(true);
  });

  it("does not take a model failure for the step limit", async () => {
    const model = new ScriptedModel([failure]);
    const result = await runTurn(buildAgent(), buildSession(), "go", { model, ...testEnv() });
    const last = result.messages.at(-1);
    expect(last?.status).toBe("error");
    expect(last && isStepLimitAnswer(last)).toBe(false);
  });

  it("knows a step-limit answer stored before error codes by its shape", () => {
    const old: Message = {
      id: "a1",
      role: "assistant",
      content: "",
      createdAt: "2026-11-29T10:00:01.000Z",
      status: "error",
      error: { detail: "Assistant used all 4 model calls it may make in one turn." },
    };
    expect(isStepLimitAnswer(old)).toBe(true);
    expect(isStepLimitAnswer({ ...old, timing: { totalMs: 5 } })).toBe(false);
  });
});

/** A turn whose new message cannot fit the model's window, even alone. */
async function contextFullAnswer() {
  const model = new ScriptedModel([]);
  const sizes = fakeSizes((m) => m.content.length);
  const result = await runTurn(buildAgent(), buildSession(), "x".repeat(2_000), {
    model,
    ...testEnv(),
    context: { window: 1_000, reserve: 0, sizes },
  });
  return result.messages.at(-1);
}

describe("a message too long for the model's context", () => {
  it("is not taken for the step limit, and says in the reader's words why it was not sent", async () => {
    const last = await contextFullAnswer();
    expect(last?.status).toBe("error");
    expect(last && isStepLimitAnswer(last)).toBe(false);
    if (!last) throw new Error("no answer");
    const html = text(notice(last));
    expect(html).toContain(en["modelError.context_message_too_large"]);
    expect(html).not.toContain("Step limit reached");
  });
});

describe("ErrorNotice", () => {
  it("says what failed in the UI's words, filled with the error's facts", async () => {
    const agent = buildAgent({ maxSteps: 1 });
    const model = new ScriptedModel([call()]);
    const result = await runTurn(agent, buildSession(), "go", { model, ...testEnv() });
    const last = result.messages.at(-1);
    if (!last) throw new Error("no answer");
    const html = text(notice(last));
    expect(html).toContain("Step limit reached");
    expect(html).toContain(`${agent.name} used all 1 model calls`);
    expect(html).not.toContain("Details:");
  });

  it("shows a record from before error codes with general words, its sentence as the detail", () => {
    const old: Message = {
      id: "a1",
      role: "assistant",
      content: "Part",
      createdAt: "2026-11-29T10:00:01.000Z",
      timing: { totalMs: 9 },
      status: "error",
      error: { detail: "The model proxy failed (502). Try again in a moment." },
    };
    const html = text(notice(old));
    expect(html).toContain(en.errorAnswer);
    expect(html).toContain("Details: The model proxy failed (502). Try again in a moment.");
  });

  it("a network failure on a Chinese page is in Chinese, the browser's own words after it", async () => {
    const { client } = httpClientFor(() => {
      throw new TypeError("Failed to fetch");
    });
    const result = await runTurn(buildAgent(), buildSession(), "你好", {
      model: client,
      ...testEnv(),
    });
    const last = result.messages.at(-1);
    if (!last) throw new Error("no answer");
    expect(last.error).toEqual({ code: "unreachable", detail: "Failed to fetch" });
    const html = text(notice(last, chinese()));
    const words = html.indexOf(zh["modelError.unreachable"] ?? "?");
    expect(html).toContain(zh.errorAnswer);
    expect(words).toBeGreaterThan(-1);
    expect(html.indexOf("详情：Failed to fetch")).toBeGreaterThan(words);
    expect(html.replace("Failed to fetch", "").replace("Parley", "")).not.toMatch(/[A-Za-z]{4,}/);
  });
});
