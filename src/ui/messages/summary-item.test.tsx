import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StoreProvider } from "../../store/react.tsx";
import { buildMessage } from "../../test/builders.ts";
import { testApp } from "../../test/test-app.ts";
import { SummaryItem } from "./summary-item.tsx";

function render(covers: number) {
  const message = buildMessage({
    role: "system",
    content: "They spoke of <b>x</b>.",
    summary: { covers, lastCoveredId: "a2" },
  });
  return renderToStaticMarkup(
    <StoreProvider store={testApp().store}>
      <SummaryItem message={message} />
    </StoreProvider>,
  );
}

describe("SummaryItem", () => {
  it("is a system article of the log, folded to the number of messages it stands for", () => {
    const html = render(8);
    expect(html).toContain(
      '<article class="message summary" data-role="system" data-status="complete">',
    );
    expect(html).toContain("<details");
    expect(html).not.toContain("<details open");
    expect(html).toContain("Summary of 8 earlier messages");
    // Folded, the model's text is not even rendered.
    expect(html).not.toContain("They spoke of");
  });

  it("counts one message in the singular", () => {
    expect(render(1)).toContain("Summary of 1 earlier message<");
  });
});
