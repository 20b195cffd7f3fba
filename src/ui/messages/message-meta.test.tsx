import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { MessageMeta } from "./message-meta.tsx";

describe("MessageMeta", () => {
  it("shows an answer's note with its model and tokens", () => {
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <MessageMeta
          message={{
            model: "up/m",
            usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
            notes: ["no_finish_reason"],
          }}
        />
      </StoreProvider>,
    );
    expect(html).toContain("<dt>Note</dt>");
    expect(html).toContain("without saying why it stopped");
    expect(html).toContain("up/m");
  });

  it("says in words what the proxy did to the parameters", () => {
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <MessageMeta
          message={{
            paramNotes: [
              { code: "param_dropped", param: "temperature", reason: "model_refuses" },
              { code: "param_clamped", param: "max_tokens", value: 4096 },
            ],
          }}
        />
      </StoreProvider>,
    );
    expect(html).toContain("<dt>Parameters</dt>");
    expect(html).toContain("Temperature was not sent: the model does not take it.");
    expect(html).toContain("Max tokens was sent as 4096.");
    expect(html).not.toContain("length limit");
  });

  it("says an answer stopped at the length limit", () => {
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <MessageMeta message={{ notes: ["length_limit"] }} />
      </StoreProvider>,
    );
    expect(html).toContain("Stopped at the length limit");
  });

  it("keeps the figures behind Answer details and the notes in the open", () => {
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <MessageMeta
          message={{
            model: "demo",
            timing: { totalMs: 1200 },
            notes: ["length_limit"],
          }}
        />
      </StoreProvider>,
    );
    const disclosure = /<details class="message-meta-more">(.*?)<\/details>/.exec(html)?.[1] ?? "";
    expect(disclosure).toContain('class="icon-button meta-summary" aria-label="Answer details"');
    expect(disclosure).toContain("<dd>demo</dd>");
    expect(disclosure).toContain("Total time");
    expect(disclosure).not.toContain("length limit");
    expect(html.slice(html.indexOf("</details>"))).toContain("Stopped at the length limit");
  });

  it("has no Answer details when there are only notes", () => {
    const html = renderToStaticMarkup(
      <StoreProvider store={testApp().store}>
        <MessageMeta message={{ notes: ["length_limit"] }} />
      </StoreProvider>,
    );
    expect(html).not.toContain("<details");
  });
});
