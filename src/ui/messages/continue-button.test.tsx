import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Message } from "../../core/message.ts";
import { StoreProvider } from "../../store/react.tsx";
import { buildMessage } from "../../test/builders.ts";
import { testApp } from "../../test/test-app.ts";
import { ServicesProvider } from "../use-services.tsx";
import { displayRows } from "./display-rows.ts";
import { type MessageActions, MessageItem } from "./message-item.tsx";

const noop = () => {};
const idle: MessageActions = { regenerate: noop, editAndResend: noop, continueAnswer: noop };
const running: MessageActions = { regenerate: null, editAndResend: null, continueAnswer: null };

/** The markup of the last answer of a conversation that ends with `answer`. */
function lastAnswer(answer: Partial<Message>, actions = idle): string {
  const rows = displayRows([
    buildMessage({ role: "user", content: "Tell a story" }),
    buildMessage({ role: "assistant", content: "Once upon a", status: "complete", ...answer }),
  ]);
  const row = rows.at(-1);
  if (!row) throw new Error("no row");
  const { store, services } = testApp();
  return renderToStaticMarkup(
    <StoreProvider store={store}>
      <ServicesProvider services={services}>
        <MessageItem row={row} actions={actions} />
      </ServicesProvider>
    </StoreProvider>,
  );
}

const CONTINUE = /<button[^>]*>Continue<\/button>/;

describe("the Continue button", () => {
  it("shows on an answer cut at the length limit and on an interrupted one", () => {
    expect(lastAnswer({ notes: ["length_limit"] })).toMatch(CONTINUE);
    expect(lastAnswer({ status: "interrupted" })).toMatch(CONTINUE);
  });

  it("does not show on a finished answer, a failed one, or while an answer runs", () => {
    expect(lastAnswer({})).not.toMatch(CONTINUE);
    expect(
      lastAnswer({ status: "error", error: { code: "http_status", status: 502 } }),
    ).not.toMatch(CONTINUE);
    expect(lastAnswer({ status: "interrupted" }, running)).not.toMatch(CONTINUE);
  });

  it("keeps Retry beside it on an interrupted answer", () => {
    expect(lastAnswer({ status: "interrupted" })).toContain('aria-label="Retry"');
  });
});
