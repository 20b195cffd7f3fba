import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { runTurn } from "../../core/agent/run-turn.ts";
import type { ModelEvent } from "../../core/model.ts";
import { StoreProvider } from "../../store/react.tsx";
import { buildAgent, buildSession, testEnv } from "../../test/builders.ts";
import { ScriptedModel, toolCallAnswer } from "../../test/scripted-model.ts";
import { testApp } from "../../test/test-app.ts";
import { fakeSizes } from "../../test/token-sizes.ts";
import { ErrorNotice, isStepLimitAnswer } from "./error-notice.tsx";

const call = () =>
  toolCallAnswer([{ id: "c1", name: "calculator", arguments: { expression: "1+1" } }]);
const failure: ModelEvent[] = [
  { type: "error", error: { kind: "http", status: 500, message: "Upstream failed." } },
];

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
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <ErrorNotice message={last} />
      </StoreProvider>,
    );
    expect(html).toContain("The conversation is too long for the model");
    expect(html).not.toContain("Step limit reached");
  });
});

describe("ErrorNotice", () => {
  it("says what failed in the UI's words first, with the stored reason only as the detail", async () => {
    const { store } = testApp();
    const agent = buildAgent({ maxSteps: 1 });
    const model = new ScriptedModel([call()]);
    const result = await runTurn(agent, buildSession(), "go", { model, ...testEnv() });
    const last = result.messages.at(-1);
    if (!last) throw new Error("no answer");
    const html = renderToStaticMarkup(
      <StoreProvider store={store}>
        <ErrorNotice message={last} />
      </StoreProvider>,
    );
    expect(html).toContain("Step limit reached");
    expect(html.indexOf("Step limit reached")).toBeLessThan(
      html.indexOf("Details: Assistant used all 1"),
    );
  });
});
