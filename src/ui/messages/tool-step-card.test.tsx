import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StoreProvider } from "../../store/react.tsx";
import { testApp } from "../../test/test-app.ts";
import { TOOL_SHOWN_CHARS } from "./tool-content.ts";
import { ToolStepCard } from "./tool-step-card.tsx";

const render = (result: string) =>
  renderToStaticMarkup(
    <StoreProvider store={testApp().store}>
      <ToolStepCard
        call={{ id: "c1", name: "state_get", arguments: '{"key":"rows"}' }}
        result={{ content: result }}
      />
    </StoreProvider>,
  );

describe("ToolStepCard", () => {
  it("shows a short result whole, without a Show all button", () => {
    const html = render('{"value":5}');
    expect(html).toContain("&quot;value&quot;: 5");
    expect(html).not.toContain("Show all");
  });

  it("shows the first characters of a long result, its size and a Show all button", () => {
    const big = "x".repeat(50_000);
    const html = render(big);
    expect(html).toContain("x".repeat(TOOL_SHOWN_CHARS));
    expect(html).not.toContain("x".repeat(TOOL_SHOWN_CHARS + 1));
    expect(html).toContain("Showing the first 4,000 of 50,000 characters.");
    expect(html).toContain("Show all 50,000 characters");
  });
});
